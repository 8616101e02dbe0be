package jsonfmt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// textSink keeps the output as text, the kind of every piece, and at most
// limit bytes when limit is positive.
type textSink struct {
	b     strings.Builder
	kinds []Kind
	limit int
}

func (s *textSink) Write(k Kind, text string) int {
	if s.limit > 0 {
		text = text[:min(len(text), s.limit-s.b.Len())]
	}
	s.b.WriteString(text)
	s.kinds = append(s.kinds, k)
	return len(text)
}

func (s *textSink) Newline(depth int) {
	s.b.WriteString("\n" + strings.Repeat("  ", depth))
}

func walk(src string, opt Options) (string, error) {
	var s textSink
	n, err := Walk(src, opt, &s)
	if err == nil && n != len(src) {
		return s.b.String(), fmt.Errorf("wrote %d bytes of %d", n, len(src))
	}
	return s.b.String(), err
}

// The zero Options lay a value out as json.Indent does.
func TestWalkIsIndent(t *testing.T) {
	for _, src := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","x":[1,-2.5e3,true,null]}],"empty":{},"none":[ ]}}`,
		` "just a string" `, `[[[[]]]]`, `{"a\"b":"\u00e9\n"}`,
	} {
		got, err := walk(src, Options{})
		var want bytes.Buffer
		json.Indent(&want, []byte(src), "", "  ")
		if err != nil || got != strings.TrimRight(want.String(), " ") {
			t.Errorf("Walk(%q) = %q, %v; json.Indent gives %q", src, got, err, want.String())
		}
	}
}

func TestWalkOptions(t *testing.T) {
	tests := []struct {
		name, src string
		opt       Options
		want      string
	}{
		{"nesting past MaxIndent shares a line", `[[[1,{"a":2}]],3]`, Options{MaxIndent: 1},
			"[\n  [[1, {\"a\": 2}]],\n  3\n]"},
		{"a stream puts each value on its line", "{\"a\":1}\n[2] 3\"s\"", Options{Stream: true},
			"{\n  \"a\": 1\n}\n[\n  2\n]\n3\n\"s\""},
		{"cut inside a string", `{"a":["xy`, Options{Cut: true}, "{\n  \"a\": [\n    \"xy"},
		{"cut after a colon", `{"a": `, Options{Cut: true}, "{\n  \"a\": "},
		{"cut after a comma", `[1, `, Options{Cut: true}, "[\n  1,"},
		{"cut after an opening bracket", `[`, Options{Cut: true}, "["},
		{"cut inside a literal", `[tr`, Options{Cut: true}, "[\n  tr"},
	}
	for _, tt := range tests {
		got, err := walk(tt.src, tt.opt)
		if err != nil || got != tt.want {
			t.Errorf("%s: Walk(%q) = %q, %v; want %q", tt.name, tt.src, got, err, tt.want)
		}
	}
}

func TestWalkKinds(t *testing.T) {
	var s textSink
	if _, err := Walk(`{"k":"v","n":1,"b":true,"z":[null,{}]}`, Options{}, &s); err != nil {
		t.Fatal(err)
	}
	want := []Kind{Punct, Key, Punct, Space, String, Punct, Key, Punct, Space, Number, Punct,
		Key, Punct, Space, Bool, Punct, Key, Punct, Space, Punct, Null, Punct, Punct, Punct, Punct}
	if fmt.Sprint(s.kinds) != fmt.Sprint(want) {
		t.Errorf("kinds = %v, want %v", s.kinds, want)
	}
	s = textSink{}
	Walk(`[tr`, Options{Cut: true}, &s)
	if last := s.kinds[len(s.kinds)-1]; last != Partial {
		t.Errorf("a cut literal is kind %v, want Partial", last)
	}
}

// A sink that takes less ends the walk, which says how far into the text
// the output goes; text that is not JSON ends it with where and why.
func TestWalkStops(t *testing.T) {
	s := textSink{limit: 8}
	n, err := Walk(`["abcdef",1]`, Options{}, &s)
	if want := "[\n  \"abc"; err != nil || n != len(`["abc`) || s.b.String() != want {
		t.Errorf("a sink full after 8 bytes: Walk = %d, %v, output %q; want %d, nil, %q", n, err, s.b.String(), len(`["abc`), want)
	}
	n, err = Walk(`[1,]`, Options{}, &textSink{})
	var se *jsonspan.SyntaxError
	if !errors.As(err, &se) || n != 3 {
		t.Errorf("Walk([1,]) = %d, %v; want 3 and a syntax error", n, err)
	}
}
