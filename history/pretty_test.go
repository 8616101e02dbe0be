package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/sanitize"
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

// A string longer than a piece is sanitized a piece at a time; wherever the
// pieces end, the output is what sanitizing it whole gives.
func TestVisiblePiecesAgreeWithWhole(t *testing.T) {
	tricky := []string{`\"é`, `\\`, `\\\"`, "é", "😀", "\u202e", `\u202e`, "\xff", "\xe6\x97", `\u00e9`, "\u009b"}
	for _, s := range tricky {
		for off := -8; off <= 8; off++ {
			// The snippet straddles the end of the first piece, then of
			// the second, with text the sanitizer must escape after it.
			pad := strings.Repeat("a", pieceSize+off-1)
			lit := `"` + pad + s + "\u202e" + pad + s + "ü" + `"`
			var got bytes.Buffer
			w := bufio.NewWriter(&got)
			writePretty(w, lit, "", true)
			w.Flush()
			if want := visibleRef(lit); got.String() != want {
				t.Fatalf("snippet %q at offset %d: pieces give %d bytes that differ from the whole's %d", s, off, got.Len(), len(want))
			}
		}
	}
	for off := -4; off <= 4; off++ {
		text := strings.Repeat("a", pieceSize+off-1) + "\r\n日本\x1b[2J" + strings.Repeat("b", pieceSize)
		var got bytes.Buffer
		w := bufio.NewWriter(&got)
		writeText(w, text)
		w.Flush()
		if want := sanitize.Text(text); got.String() != want {
			t.Fatalf("text with CRLF at offset %d: pieces differ from the whole", off)
		}
	}
}

// Exporting a 16 MB answer that is one string of non-ASCII text allocates
// a few pieces' worth, not a second copy of the answer.
func TestExportOfAHugeStringAllocatesLittle(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":3,"result":{"text":"` + strings.Repeat(`ünïcode \"q\" `+"\u202e", 1<<20) + `"}}`
	l := hugeAnswerLog(body)
	for _, export := range []func(io.Writer, Header, *Log) error{ExportMarkdown, ExportJSON} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if err := export(io.Discard, testHeader(), l); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 2<<20 {
			t.Errorf("exporting a %d MB answer allocated %d KB", len(body)>>20, got>>10)
		}
	}
}
