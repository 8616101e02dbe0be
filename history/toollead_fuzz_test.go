package history

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// FuzzToolLine: a tool's name, title and annotations are the server's,
// read from a tools/list result as a session reads them; the description's
// line is the edge's. The line is one line whatever the title holds (the
// edge's own line aside), it grows past the description by no more than a
// cut title and the hint words, its hints are the ones the annotations
// state, and it is safe to print once sanitized as the edges do.
func FuzzToolLine(f *testing.F) {
	for _, s := range []struct{ name, title, annTitle, hints, desc string }{
		{"greet", "Greeter", "", `"readOnlyHint":true,"idempotentHint":true`, "Greets a person"},
		{"greet", "greet", "Other", `"destructiveHint":false,"openWorldHint":false`, ""},
		{"rm", "", "Remove\nfiles\r\nnow", `"destructiveHint":"yes","readOnlyHint":1`, "Removes"},
		{"x", strings.Repeat("é", 100), "", `"openWorldHint":true`, "d"},
		{"x", "\x1b]8;;http://evil\x07click\x1b]8;;\x07", "", "", "\u202edesc"},
		{"x", "  \n  ", "", `"readOnlyHint":null`, ""},
		{"x", " ", "", `"readOnlyHint":true`, "Reads"},
		{"", "\xff\xfe\xfd" + strings.Repeat("a", 58), "", `"readOnlyHint":true,"readOnlyHint":false`, "a\nb"},
	} {
		f.Add(s.name, s.title, s.annTitle, s.hints, s.desc)
	}
	f.Fuzz(func(t *testing.T, name, title, annTitle, hints, desc string) {
		tool := map[string]any{"name": name, "inputSchema": map[string]any{"type": "object"}}
		if title != "" {
			tool["title"] = title
		}
		ann, _ := json.Marshal(annTitle)
		raw, _ := json.Marshal(tool)
		// The annotations are spliced in as text, so the hints may be
		// any JSON a server writes (or no JSON, which leaves the page
		// unreadable and the case uninteresting).
		result := `{"tools":[` + strings.TrimSuffix(string(raw), "}") + `,"annotations":{"title":` + string(ann) + "," + hints + `}}]}`
		page, err := mcp.ParseTools(json.RawMessage(result))
		if err != nil || len(page.Tools) != 1 {
			return
		}
		got := page.Tools[0]
		line := ToolLine(got, desc)
		if strings.ContainsAny(line, "\r\n") && !strings.ContainsAny(desc, "\r\n") {
			t.Errorf("ToolLine(title %q, annotations' title %q) = %q: more than one line", got.Title, got.Annotations.Title, line)
		}
		// A title is cut to 60 bytes and its size said ("… (N bytes)");
		// the hint words are at most four.
		if most := len(desc) + 60 + len("… (99999999999 bytes): ") + len("(non-destructive, idempotent, closed-world) "); len(line) > most {
			t.Errorf("ToolLine(title of %d bytes, desc of %d) is %d bytes, past %d: %.200q", len(got.TitleShown()), len(desc), len(line), most, line)
		}
		// (A blank at the description's end may go with the blank
		// before an empty one: the line never ends in one.)
		if !strings.HasSuffix(line, desc) && !strings.HasSuffix(line, strings.TrimSuffix(desc, " ")) {
			t.Errorf("ToolLine(%+v, %q) = %q: the description's line is not its end", got, desc, line)
		}
		for _, w := range got.Annotations.Words() {
			if !strings.Contains(line, w) {
				t.Errorf("ToolLine(%+v) = %q: hint %q not said", got, line, w)
			}
		}
		if strings.HasPrefix(strings.TrimPrefix(line, "("+strings.Join(got.Annotations.Words(), ", ")+") "), ": ") {
			t.Errorf("ToolLine(title %q, %q) = %q: an empty title before the description", got.TitleShown(), desc, line)
		}
		if shown := got.TitleShown(); shown == "" && desc == "" && len(got.Annotations.Words()) == 0 && line != "" {
			t.Errorf("ToolLine of a tool with nothing to say = %q", line)
		}
		if utf8.ValidString(got.TitleShown()) && utf8.ValidString(desc) && !utf8.ValidString(line) {
			t.Errorf("ToolLine(%q, %q) = %q: the cut broke a character", got.TitleShown(), desc, line)
		}
		sanitizetest.Check(t, "sanitized ToolLine", sanitize.Line(line), false)
	})
}
