package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"strings"
	"testing"
)

// FuzzPrettyAgreesWithIndent: writePretty writes what json.Indent does, and
// with visible set, every invisible character escaped and every byte that
// is not UTF-8 replaced.
func FuzzPrettyAgreesWithIndent(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{}],"b":{"c":[]}}`, " [ ] \n\t", `"x\u0000\"y"`, `123 `, `{"k":"a` + "\u009b\u202e\x7f" + `"}`, "[\"\xff\"]", `{ "a" : { } , "b" : [ [ ] ] }`} {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, src string, n uint8) {
		if !json.Valid([]byte(src)) {
			return
		}
		prefix := strings.Repeat(" ", int(n%8)) // the exports indent with spaces
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), prefix, "  "); err != nil {
			t.Fatal(err)
		}
		for _, visible := range []bool{false, true} {
			var got bytes.Buffer
			w := bufio.NewWriter(&got)
			writePretty(w, src, prefix, visible)
			w.Flush()
			exp := want.String()
			if visible {
				exp = visibleRef(exp)
			}
			if got.String() != exp {
				t.Errorf("writePretty(%q, %q, visible %v) =\n%q\njson.Indent gives\n%q", src, prefix, visible, got.String(), exp)
			}
		}
	})
}

// visibleRef is what writeVisible means: the one sanitizer's JSON rule
// over the whole output.
func visibleRef(s string) string { return string(sanitize.JSON([]byte(s))) }

func TestWriteText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\r\nb\rc\n", "a\nb␍c\n"},
		{"tab\there\x1b[2J\u202e", "tab    here"},
		{"bad \xff byte", "bad \uFFFD byte"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		writeText(w, tt.in)
		w.Flush()
		if b.String() != tt.want {
			t.Errorf("writeText(%q) = %q, want %q", tt.in, b.String(), tt.want)
		}
	}
}
