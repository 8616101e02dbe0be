package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
)

// maxAnnotationNote bounds what one block's annotations may say: four
// roles and the count of the rest, a priority, a date and three odd
// members, each quoted to maxOddAnnotation bytes and its size.
const maxAnnotationNote = 1024

// FuzzAnnotations: a server's annotations of any shape (priority as a
// string, an audience of ten thousand, control bytes, deep nesting) are
// read without failing and said in a line of bounded length that, once
// sanitized as exec and Detail print it, holds nothing a terminal acts
// on; a result of any shape gives its annotated blocks without a panic,
// each one's words bounded alike.
func FuzzAnnotations(f *testing.F) {
	huge := `{"audience":[` + strings.Repeat(`"user",`, 10000) + `"assistant"]}`
	for _, a := range []string{
		`{"audience":["user","assistant"],"priority":0.9,"lastModified":"2025-01-12T15:00:58Z"}`,
		`{"priority":"high","audience":"user","lastModified":7}`,
		`{"priority":1e308,"audience":[1,2],"lastModified":{"a":[[[[[[1]]]]]]}}`,
		`{"priority":-0.0001}`, `{"priority":null,"audience":null}`, `"odd"`, `[` + strings.Repeat(`[`, 200) + strings.Repeat(`]`, 200) + `]`,
		`{"audience":["\u001b[2J\u202euser\r\n","` + strings.Repeat("x", 300) + `"],"lastModified":"\u0007\u009b"}`,
		huge,
	} {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var a Annotations
		if err := json.Unmarshal([]byte(raw), &a); err != nil && json.Valid([]byte(raw)) {
			t.Fatalf("reading %q failed: %v", raw, err)
		}
		check := func(where, note string) {
			if len(note) > maxAnnotationNote {
				t.Fatalf("%s of %q: %d bytes: %q", where, raw, len(note), note)
			}
			sanitizetest.Check(t, where, sanitize.Line(note), false)
		}
		check("String", a.String())
		result := `{"content":[{"type":"text","text":"x","annotations":` + raw + `}],"messages":[{"role":"user","content":{"type":"text","text":"y","annotations":` + raw + `}}]}`
		for _, b := range AnnotatedBlocks([]byte(result)) {
			check("AnnotatedBlocks "+b.Where, b.Annotations.String())
		}
		AnnotatedBlocks([]byte(raw))
	})
}
