package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

var surfaceForHints = history.Surface{
	Prompts: []command.Prompt{{Name: "review_code", Description: "Review some code.", Arguments: []command.PromptArgument{
		{Name: "language", Required: true, Description: "The language of the code"}, {Name: "focus"}}}},
	Templates: []command.ResourceTemplate{{URITemplate: "repo://{owner}/{name}"}},
}

// Tab offers a template's variables after the template, as it offers a
// tool's keys after the tool: resources/read, subscribe and
// completion/complete resource all fill a template with var=value words.
func TestCommandLineCompletesTemplateVariables(t *testing.T) {
	checkTabCompletion(t, surfaceForHints, []tabCase{
		{"read 'repo://{owner}/{name}' ", 2, "read 'repo://{owner}/{name}' owner="},
		{"read 'repo://{owner}/{name}' n", 1, "read 'repo://{owner}/{name}' name="},
		{"read 'repo://{owner}/{name}' owner=a ", 1, "read 'repo://{owner}/{name}' owner=a name="},
		{"subscribe 'repo://{owner}/{name}' o", 1, "subscribe 'repo://{owner}/{name}' owner="},
		{"complete resource 'repo://{owner}/{name}' o", 1, "complete resource 'repo://{owner}/{name}' owner="},
		// A URI is not a template: nothing follows it.
		{"read demo://readme ", 1, "read demo://readme "},
	})
}

// An array whose items are an enum (a multi-select form field, a list of
// tags) completes the items' values, each given as a repeated key.
func TestCompletionOffersArrayItemEnums(t *testing.T) {
	f := parseForm(json.RawMessage(`{"message":"Pick","requestedSchema":{"type":"object","properties":{
		"instruments":{"type":"array","items":{"type":"string","enum":["Guitar","Piano"]}},
		"flags":{"type":"array","items":{"type":"boolean"}}}}}`))
	for _, tc := range []struct {
		before string
		want   []string
	}{
		{"accept instruments=", []string{"instruments=Guitar ", "instruments=Piano "}},
		{"accept instruments=Guitar instruments=P", []string{"instruments=Piano "}},
		{"accept flags=", []string{"flags=true ", "flags=false "}},
	} {
		got := formCompletion(f, tc.before).items
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q completes to %q, want %q", tc.before, got, tc.want)
		}
	}
}

// The hint line says what the word names when the server listed it: a
// prompt and its arguments, a template's variables; before anything is
// listed it says that Tab lists it first.
func TestCommandLineHintsFromTheSurface(t *testing.T) {
	tests := []struct {
		sf    history.Surface
		typed string
		want  string
	}{
		{history.Surface{}, "prompts/get ", "no prompts known yet: tab lists them, then offers names and arguments"},
		{history.Surface{}, "read ", "no resources known yet: tab lists them and templates, then offers URIs"},
		{history.Surface{}, "complete resource ", "no templates known yet: tab lists them, then offers them"},
		{surfaceForHints, "prompts/get review_code", "review_code — Review some code. · language* · focus"},
		{surfaceForHints, "prompts/get review_code ", "language* · focus"},
		{surfaceForHints, "prompts/get review_code language=", "language: tab asks the server for values · string, required — The language of the code"},
		{surfaceForHints, "prompts/get review_code language=go ", "focus"},
		{surfaceForHints, "prompts/get review_code tone=", "tone is not an argument of review_code (language, focus)"},
		{surfaceForHints, "read 'repo://{owner}/{name}' ", "fill repo://{owner}/{name} with var=value words: owner=  name="},
		{surfaceForHints, "read 'repo://{owner}/{name}' owner=", "owner: tab asks the server for values · fill repo://{owner}/{name}"},
		// Tab does not ask here: the line is the asking, and Enter sends it.
		{surfaceForHints, "complete resource 'repo://{owner}/{name}' owner=", "owner: enter asks the server for values · fill repo://{owner}/{name}"},
	}
	for _, tc := range tests {
		c := newLine(t, "")
		c.SetSurface(tc.sf)
		clPress(c, runes(tc.typed))
		if hint := hintOf(c); !strings.Contains(hint, tc.want) {
			t.Errorf("%q: hint %q, want %q", tc.typed, hint, tc.want)
		}
		if what, _, _ := strings.Cut(tc.want, " · "); strings.HasPrefix(what, "no ") && cellWidth(what) > 80 {
			t.Errorf("%q: what to send first, %q, is cut on an 80-column terminal", tc.typed, what)
		}
	}
}

// A tabCase is words typed on the command line, how many times Tab is
// pressed after them, and the line that must be left.
type tabCase struct {
	typed string
	tabs  int
	want  string
}

// checkTabCompletion types each case's words on a fresh command line that
// knows sf, presses Tab as many times as the case says, and checks the
// line left.
func checkTabCompletion(t *testing.T, sf history.Surface, tests []tabCase) {
	t.Helper()
	for _, tc := range tests {
		c := newLine(t, "")
		c.SetSurface(sf)
		clPress(c, runes(tc.typed))
		for range tc.tabs {
			clPress(c, keyTab)
		}
		if got := c.input.Value(); got != tc.want {
			t.Errorf("%q + %d tab(s) = %q, want %q", tc.typed, tc.tabs, got, tc.want)
		}
	}
}
