package history

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// Tools removed from a tools/list were each shown from their first key in
// sorted order, every line alike and cut inside a word:
// `- {"annotations":{"destructiveHint":false,"idempotentHint":… (406 bytes)`.
// Each is shown by its name, title and description, cut between words.
func TestRenderDiffShowsAnElementByWhatTellsItApart(t *testing.T) {
	tool := func(name, title string) map[string]any {
		return map[string]any{
			"annotations": map[string]any{"destructiveHint": false, "idempotentHint": true, "openWorldHint": false, "readOnlyHint": true},
			"description": "Does what " + name + " does, at length, with every option explained in a sentence of its own.",
			"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"message": map[string]any{"type": "string"}}},
			"name":        name,
			"title":       title,
		}
	}
	recorded, _ := json.Marshal(map[string]any{"tools": []any{tool("echo", "Echo Tool"), tool("get-sum", "Get Sum Tool"), tool("trigger-long-running-operation", "Trigger a Long Running Operation")}})
	live, _ := json.Marshal(map[string]any{"tools": []any{tool("greet", "Greet someone")}})
	for width, wants := range map[int][]string{
		75: {
			`  - {"name":"echo","title":"Echo Tool",… (316 bytes)`,
			`  - {"name":"get-sum","title":"Get Sum Tool",… (325 bytes)`,
			`  - {"name":"trigger-long-running-operation",… (391 bytes)`,
			`  + {"name":"greet","title":"Greet someone",… (322 bytes)`,
		},
		100: {
			`  - {"name":"echo","title":"Echo Tool","description":"Does what echo does, at length,… (316 bytes)`,
			`  - {"name":"trigger-long-running-operation","title":"Trigger a Long Running… (391 bytes)`,
		},
	} {
		out := RenderDiff(Compare(recorded, live, nil), width)
		for _, want := range wants {
			if !strings.Contains(out, want) {
				t.Errorf("diff at %d columns lacks %q:\n%s", width, want, out)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if w := utf8.RuneCountInString(line); w > width {
				t.Errorf("line of %d columns, want at most %d: %q", w, width, line)
			}
		}
	}
}

// A long string changed is shown around where it changed, its ends cut
// between words: "…ment will be returne…" read as two words misspelt.
func TestRenderDiffWindowCutsBetweenWords(t *testing.T) {
	long := strings.Repeat("Every argument given is checked against its schema first. ", 4)
	texts := []string{long + "Then the answer is returned at once, whole, to the caller.", long + "Then the answer is streamed in parts, as it is made, to the caller."}
	a, _ := json.Marshal(map[string]string{"d": texts[0]})
	b, _ := json.Marshal(map[string]string{"d": texts[1]})
	out := RenderDiff(Compare(a, b, nil), 75)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("RenderDiff gave %d lines, want 3:\n%s", len(lines), out)
	}
	for i, l := range lines[1:] {
		body := strings.Trim(strings.TrimSuffix(strings.TrimPrefix(l[len("  - "):], "…"), "…"), `"`)
		at := strings.Index(texts[i], body)
		if len(body) < 20 || at < 0 {
			t.Fatalf("line %q shows too little, or not of %q", l, texts[i])
		}
		end := at + len(body)
		if at > 0 && texts[i][at-1] != ' ' || end < len(texts[i]) && strings.IndexByte(" .,", texts[i][end]) < 0 && strings.IndexByte(" .,", body[len(body)-1]) < 0 {
			t.Errorf("line %q is cut inside a word", l)
		}
	}
}
