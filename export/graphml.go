package export

import (
	"bytes"
	"encoding/xml"
	"fmt"
)

// graphMLKey declares one typed GraphML attribute.
type graphMLKey struct{ id, scope, name, typ string }

// graphMLWriter writes an undirected GraphML graph, for regions and networks
// alike: the header and keys, then nodes and edges with their data in the
// order given. Callers leave out the data they have no value for.
type graphMLWriter struct{ b bytes.Buffer }

// kv is one <data> element: a key id and its value (escaped when written).
type kv struct{ key, value string }

func newGraphML(keys []graphMLKey, id string, data ...kv) *graphMLWriter {
	g := &graphMLWriter{}
	g.b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	g.b.WriteString("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n")
	for _, k := range keys {
		fmt.Fprintf(&g.b, "  <key id=\"%s\" for=\"%s\" attr.name=\"%s\" attr.type=\"%s\"/>\n", k.id, k.scope, k.name, k.typ)
	}
	fmt.Fprintf(&g.b, "  <graph id=\"%s\" edgedefault=\"undirected\">\n", xmlText(id))
	g.data("    ", data)
	return g
}

func (g *graphMLWriter) data(indent string, data []kv) {
	for _, d := range data {
		fmt.Fprintf(&g.b, "%s<data key=\"%s\">%s</data>\n", indent, d.key, xmlText(d.value))
	}
}

func (g *graphMLWriter) node(id string, data ...kv) {
	fmt.Fprintf(&g.b, "    <node id=\"%s\">\n", xmlText(id))
	g.data("      ", data)
	g.b.WriteString("    </node>\n")
}

func (g *graphMLWriter) edge(i int, source, target string, data ...kv) {
	fmt.Fprintf(&g.b, "    <edge id=\"e%d\" source=\"%s\" target=\"%s\">\n", i, xmlText(source), xmlText(target))
	g.data("      ", data)
	g.b.WriteString("    </edge>\n")
}

func (g *graphMLWriter) bytes() []byte {
	g.b.WriteString("  </graph>\n</graphml>\n")
	return g.b.Bytes()
}

func xmlText(s string) string {
	var e bytes.Buffer
	_ = xml.EscapeText(&e, []byte(s))
	return e.String()
}
