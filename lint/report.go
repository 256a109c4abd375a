package lint

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/version"
	"github.com/tendays/tendays/mapdata"
)

// Report is what a lint run found, ready for a reporter.
type Report struct {
	Files    []string
	Findings []diag.Finding
	// Rules are the rules the run knew (a Registry's), which SARIF
	// describes; a finding of a rule not among them is described by its
	// id alone.
	Rules []*Rule
}

// Reporter writes a report in one format.
type Reporter func(w io.Writer, r *Report) error

// Reporters by format name.
var Reporters = map[string]Reporter{
	"text":   writeText,
	"json":   writeJSON,
	"sarif":  writeSARIF,
	"github": writeGitHub,
}

// Formats lists the reporter names.
func Formats() []string {
	var out []string
	for k := range Reporters {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// writeText gives one line a finding: file:line:col: severity rule: message.
func writeText(w io.Writer, r *Report) error {
	for _, f := range r.Findings {
		if _, err := fmt.Fprintln(w, f.String()); err != nil {
			return err
		}
	}
	return nil
}

type jsonReport struct {
	Format        string         `json:"format"`
	FormatVersion int            `json:"formatVersion"`
	Tool          string         `json:"tool"`
	Version       string         `json:"version"`
	Summary       Summary        `json:"summary"`
	Findings      []diag.Finding `json:"findings"`
}

func writeJSON(w io.Writer, r *Report) error {
	out := jsonReport{Format: "tendays.lint", FormatVersion: 1, Tool: version.Tool, Version: version.Version,
		Summary: Summarize(len(r.Files), r.Findings), Findings: r.Findings}
	if out.Findings == nil {
		out.Findings = []diag.Finding{}
	}
	return mapdata.EncodeJSON(w, out)
}

// SARIF 2.1.0, as GitHub code scanning reads it.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration sarifDefault    `json:"defaultConfiguration"`
	Properties           *sarifRuleProps `json:"properties,omitempty"`
}

type sarifRuleProps struct {
	Kind string   `json:"kind"`
	Tags []string `json:"tags"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifDefault struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical  `json:"physicalLocation"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// SrcRoot is the uriBaseId of relative artifact URIs: the folder tendays
// ran in, which GitHub code scanning takes as the repository's root.
const SrcRoot = "%SRCROOT%"

// artifactLocation turns a file path into a SARIF artifact location: a
// percent-encoded URI reference (so "faulty #1.pack.json" stays one path,
// not a path and a fragment), relative to SrcRoot for a relative path and a
// file: URI for an absolute one.
func artifactLocation(file string) sarifArtifact {
	slashed := filepath.ToSlash(file)
	if filepath.IsAbs(file) || strings.HasPrefix(slashed, "/") {
		if !strings.HasPrefix(slashed, "/") {
			slashed = "/" + slashed // a Windows drive: file:///C:/...
		}
		return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: slashed}).String()}
	}
	// url.URL writes "./" before a first segment holding a colon, which
	// would otherwise read as a scheme.
	return sarifArtifact{URI: (&url.URL{Path: slashed}).String(), URIBaseID: SrcRoot}
}

// RuleHelpURL is where a rule's documentation is: its section of
// docs/rules.md in the repository.
func RuleHelpURL(id string) string {
	return version.URL + "/blob/main/docs/rules.md#" + RuleAnchor(id)
}

// RuleAnchor is the anchor of a rule's heading in docs/rules.md, as GitHub
// makes it from the heading's text: lower case, "/" dropped.
func RuleAnchor(id string) string {
	return strings.NewReplacer("/", "").Replace(strings.ToLower(id))
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

// Fingerprint identifies a finding across commits: its rule, file and
// pointer, not its line (which moves when lines above it change) nor its
// message (which may quote counts).
func Fingerprint(f diag.Finding) string {
	h := sha256.Sum256([]byte(f.Rule + "\x00" + filepath.ToSlash(f.File) + "\x00" + f.Pointer))
	return hex.EncodeToString(h[:16])
}

func writeSARIF(w io.Writer, r *Report) error {
	rules := r.Rules
	index := map[string]int{}
	driver := sarifDriver{Name: version.Tool, Version: version.Version, InformationURI: version.URL, Rules: []sarifRule{}}
	for i, rule := range rules {
		index[rule.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: rule.ID, ShortDescription: sarifText{rule.Doc},
			HelpURI: RuleHelpURL(rule.ID), DefaultConfiguration: sarifDefault{sarifLevel(rule.Severity)},
			Properties: &sarifRuleProps{Kind: string(rule.Kind), Tags: []string{string(rule.Kind)}}})
	}
	run := sarifRun{Tool: sarifTool{driver}, Results: []sarifResult{}}
	for _, f := range r.Findings {
		idx, ok := index[f.Rule]
		if !ok {
			idx = len(driver.Rules)
			index[f.Rule] = idx
			driver.Rules = append(driver.Rules, sarifRule{ID: f.Rule, ShortDescription: sarifText{f.Rule},
				DefaultConfiguration: sarifDefault{sarifLevel(f.Severity)}})
			run.Tool.Driver = driver
		}
		msg := f.Message
		if f.Hint != "" {
			msg += " (" + f.Hint + ")"
		}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: artifactLocation(f.File)}}
		if f.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line, StartColumn: f.Col}
		}
		if f.Pointer != "" {
			loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: f.Pointer, Kind: "member"}}
		}
		run.Results = append(run.Results, sarifResult{RuleID: f.Rule, RuleIndex: idx, Level: sarifLevel(f.Severity),
			Message: sarifText{msg}, Locations: []sarifLocation{loc},
			PartialFingerprints: map[string]string{"tendaysFinding/v1": Fingerprint(f)}})
	}
	run.Tool.Driver = driver
	return mapdata.EncodeJSON(w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// writeGitHub writes GitHub Actions workflow commands, which show as
// annotations on the lines they name.
func writeGitHub(w io.Writer, r *Report) error {
	for _, f := range r.Findings {
		cmd := map[diag.Severity]string{diag.Error: "error", diag.Warning: "warning"}[f.Severity]
		if cmd == "" {
			cmd = "notice"
		}
		props := []string{"file=" + escapeProperty(filepath.ToSlash(f.File))}
		if f.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", f.Line))
			if f.Col > 0 {
				props = append(props, fmt.Sprintf("col=%d", f.Col))
			}
		}
		props = append(props, "title="+escapeProperty(f.Rule))
		msg := f.Message
		if f.Hint != "" {
			msg += " (" + f.Hint + ")"
		}
		if f.Line == 0 && f.Pointer != "" {
			msg = f.Pointer + ": " + msg
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", cmd, strings.Join(props, ","), escapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// escapeData and escapeProperty follow the workflow-command escaping: % and
// line breaks always, and : and , too inside properties.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
