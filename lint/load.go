package lint

import (
	"regexp"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/schema"
)

// ReadPack reads a pack file into a target: schema violations become
// findings (with line and column); what cannot be read at all (missing file,
// malformed JSON, a newer formatVersion) is an error.
func ReadPack(path string, maxBytes int64) (*Target, error) {
	src, err := mapdata.ReadFile(path, maxBytes)
	if err != nil {
		return nil, err
	}
	return DecodePack(path, src)
}

// DecodePack is ReadPack on text already read.
func DecodePack(path string, src []byte) (*Target, error) {
	doc, err := mapdata.ParseJSON(path, src)
	if err != nil {
		return nil, err
	}
	if err := mapdata.CheckPackHeader(doc); err != nil {
		return nil, err
	}
	t := &Target{File: path, Locate: doc.Position}
	// The schema and the decoding into the pack's types read the same
	// parsed document and nothing else: on a large pack they run side by
	// side, on two cores.
	network := mapdata.PackKind(doc) == mapdata.KindNetwork
	var decodeErr error
	decoded := make(chan struct{})
	go func() {
		defer close(decoded)
		if network {
			var nd *mapdata.NetworkPackDoc
			if nd, decodeErr = mapdata.DecodeNetworkPackDoc(doc); decodeErr == nil && nd.Pack != nil {
				t.Pack = nd.Pack
			}
			return
		}
		var pd *mapdata.PackDoc
		if pd, decodeErr = mapdata.DecodePackDoc(doc); decodeErr == nil && pd.Pack != nil {
			t.Pack = pd.Pack
		}
	}()
	violations, err := schema.Validate(schema.Pack, doc.Value)
	<-decoded
	if err != nil {
		return nil, err
	}
	t.Findings = SchemaFindings(doc, violations)
	if decodeErr != nil && len(t.Findings) == 0 {
		return nil, decodeErr
	}
	return t, nil
}

// SchemaFindings turns schema violations into findings at their places.
func SchemaFindings(doc *mapdata.Doc, vs []schema.Violation) []diag.Finding {
	out := make([]diag.Finding, 0, len(vs))
	for _, v := range vs {
		pointer := v.Pointer
		// Point at an unknown key itself, not at the object holding it.
		if m := unknownKey.FindStringSubmatch(v.Message); m != nil && doc.Has(srcpos.Join(pointer, m[1])) {
			pointer = srcpos.Join(pointer, m[1])
		}
		where := pointer
		if where == "" {
			where = "(document)"
		}
		out = append(out, diag.Finding{Rule: RuleSchema, Severity: diag.Error,
			Message: where + ": " + v.Message, Position: doc.Position(pointer)})
	}
	return out
}

var unknownKey = regexp.MustCompile(`^additionalProperties '([^']*)'`)
