package command

import (
	"encoding/json"
	"strings"
	"testing"
)

// cursorAt splits a line written with a | where the cursor stands.
func cursorAt(s string) (string, int) {
	i := strings.Index(s, "|")
	return s[:i] + s[i+1:], i
}

func TestCompletionAt(t *testing.T) {
	tests := []struct {
		line   string // | marks the cursor
		ok     bool
		params string
		word   string // the line between Start and End
	}{
		{"prompts/get review_code language=g|", true,
			`{"argument":{"name":"language","value":"g"},"ref":{"type":"ref/prompt","name":"review_code"}}`, "language=g"},
		// The other arguments, before and after the cursor, are context;
		// the value so far stops at the cursor.
		{"prompt review_code focus=tests language=ja|va code='x y'", true,
			`{"argument":{"name":"language","value":"ja"},"context":{"arguments":{"code":"x y","focus":"tests"}},"ref":{"type":"ref/prompt","name":"review_code"}}`, "language=java"},
		{"resources/read repo://{owner}/{name} owner=tmaxmax name=|", true,
			`{"argument":{"name":"name","value":""},"context":{"arguments":{"owner":"tmaxmax"}},"ref":{"type":"ref/resource","uri":"repo://{owner}/{name}"}}`, "name="},
		{"read 'notes://{tag}' tag='g|", true,
			`{"argument":{"name":"tag","value":"g"},"ref":{"type":"ref/resource","uri":"notes://{tag}"}}`, "tag='g"},
		{"subscribe notes://{tag} tag=m|", true,
			`{"argument":{"name":"tag","value":"m"},"ref":{"type":"ref/resource","uri":"notes://{tag}"}}`, "tag=m"},
		// Raw words are neither completed nor context.
		{"prompt review_code focus:=1 language=|", true,
			`{"argument":{"name":"language","value":""},"ref":{"type":"ref/prompt","name":"review_code"}}`, "language="},
		{"prompt review_code language:=|", false, "", ""},
		{"prompt review_code langu|", false, "", ""},         // still typing the key
		{"prompt review_code language=go |", false, "", ""},  // between words
		{"prompt review_|", false, "", ""},                   // the prompt's name
		{"read demo://readme x=|", false, "", ""},            // not a template
		{"read repo://{owner}/{name} nmae=|", false, "", ""}, // not one of its variables
		{"tools/call greet name=|", false, "", ""},           // tools complete from their schema
		{"complete prompt review_code language=|", false, "", ""},
		{"|", false, "", ""},
	}
	for _, tt := range tests {
		line, cur := cursorAt(tt.line)
		req, ok := CompletionAt(line, cur)
		if ok != tt.ok {
			t.Errorf("CompletionAt(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if got := string(req.Params()); got != tt.params {
			t.Errorf("CompletionAt(%q) params\n got %s\nwant %s", tt.line, got, tt.params)
		}
		if got := line[req.Start:req.End]; got != tt.word {
			t.Errorf("CompletionAt(%q) word = %q, want %q", tt.line, got, tt.word)
		}
	}
	if _, ok := CompletionAt("x", 5); ok {
		t.Error("a cursor past the end of the line completed")
	}
}

// The request becomes a command Run sends as typed, and a chosen value
// goes back into the line as a word that reads back the same.
func TestCompletionRequestCommandAndReplacement(t *testing.T) {
	line, cur := cursorAt("prompt review_code language=ja| focus=tests")
	req, _ := CompletionAt(line, cur)
	c := req.Command()
	back, err := ParseCommand(c.Line)
	if err != nil || c.Method != "completion/complete" || string(back.Params) != string(c.Params) {
		t.Errorf("Command() = %+v; its line parses to %+v, %v", c, back, err)
	}
	var p map[string]json.RawMessage
	if json.Unmarshal(c.Params, &p) != nil || p["context"] == nil {
		t.Errorf("params %s lack the context", c.Params)
	}
	edited := line[:req.Start] + req.Replacement("java script") + line[req.End:]
	words, err := SplitWords(edited)
	if err != nil || strings.Join(words, "|") != "prompt|review_code|language=java script|focus=tests" {
		t.Errorf("replaced line %q splits to %q, %v", edited, words, err)
	}
}
