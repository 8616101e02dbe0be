package jsonfmt

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// countSink is textSink that also counts the calls Walk makes, the work a
// sink is asked to do.
type countSink struct {
	textSink
	calls int
}

func (s *countSink) Write(k Kind, text string) int { s.calls++; return s.textSink.Write(k, text) }
func (s *countSink) Newline(depth int)             { s.calls++; s.textSink.Newline(depth) }

// FuzzWalk: on any text and options Walk returns an offset inside the text;
// with MaxIndent set the output and the calls it makes grow linearly with
// the text however deep it nests; a valid text walked whole is what
// json.Indent makes of it; and any prefix of a valid text, walked as Cut,
// prints a prefix of what the whole prints.
func FuzzWalk(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","x":[1,-2.5e3,true,null]}],"e":{},"n":[ ]}}`,
		`[[[[[[[[[[[[1]]]]]]]]]]]]`, strings.Repeat(`{"a":[`, 40), `{"a\"b":"\u00e9\n"}`,
		"{\"a\":1}\n[2] 3\"s\"", `[1,]`, `{"a" : `, `[tr`, `-0.5e+7`, "\"\xff\x1b\"", `01`, `truefalse`,
	} {
		f.Add(s, uint8(0), uint8(0))
		f.Add(s, uint8(7), uint8(3))
	}
	f.Fuzz(func(t *testing.T, src string, flags, cut uint8) {
		opt := Options{MaxIndent: int(flags >> 2 & 7), Stream: flags&1 != 0, Cut: flags&2 != 0}
		var s countSink
		n, err := Walk(src, opt, &s)
		if n < 0 || n > len(src) {
			t.Fatalf("Walk(%q, %+v) = %d, outside the text", src, opt, n)
		}
		if err == nil && n != len(src) {
			t.Fatalf("Walk(%q, %+v) = %d, nil: stopped early with no error", src, opt, n)
		}
		if opt.MaxIndent > 0 {
			out := s.b.Len()
			if limit := (6 + 2*opt.MaxIndent) * (len(src) + 1); out > limit {
				t.Fatalf("Walk(%q, %+v) wrote %d bytes, more than %d", src, opt, out, limit)
			}
			if s.calls > 4*(len(src)+1) {
				t.Fatalf("Walk(%q, %+v) made %d sink calls for %d bytes", src, opt, s.calls, len(src))
			}
		}
		if !json.Valid([]byte(src)) {
			return
		}
		var whole textSink
		if _, err := Walk(src, Options{MaxIndent: opt.MaxIndent}, &whole); err != nil {
			t.Fatalf("Walk(%q) on valid JSON: %v", src, err)
		}
		if opt.MaxIndent == 0 {
			var want bytes.Buffer
			json.Indent(&want, []byte(src), "", "  ")
			if got := whole.b.String(); got != strings.TrimRight(want.String(), " \t\r\n") {
				t.Fatalf("Walk(%q) = %q; json.Indent gives %q", src, got, want.String())
			}
		}
		prefix := src[:int(cut)%(len(src)+1)]
		var part textSink
		if _, err := Walk(prefix, Options{MaxIndent: opt.MaxIndent, Cut: true}, &part); err != nil {
			t.Fatalf("Walk(%q, Cut) on a prefix of valid JSON: %v", prefix, err)
		}
		if !strings.HasPrefix(whole.b.String(), part.b.String()) {
			t.Fatalf("Walk(%q, Cut) = %q is not a prefix of the whole's %q", prefix, part.b.String(), whole.b.String())
		}
	})
}
