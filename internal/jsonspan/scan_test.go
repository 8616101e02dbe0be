package jsonspan

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

var kindTags = [...]string{Null: "null", Bool: "bool", Number: "number", String: "string", Array: "array", Object: "object"}

// scanAll is every token of src as "kind@depth:text", with "key", "/" for
// a closing bracket and "~" for a partial token, and the error that ended
// the scan (nil for io.EOF).
func scanAll(src string, stream, cut bool) ([]string, error) {
	s := NewScanner([]byte(src))
	s.Stream, s.Cut = stream, cut
	var out []string
	for range len(src) + 1 {
		err := s.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		t := s.Token()
		tag := kindTags[t.Kind]
		if t.Key {
			tag = "key"
		}
		if t.Close {
			tag = "/" + tag
		}
		if t.Partial {
			tag += "~"
		}
		out = append(out, fmt.Sprintf("%s@%d:%s", tag, t.Depth, src[t.From:t.To]))
	}
	return out, errEndless
}

// errEndless is a scan that read more tokens than its text has bytes.
var errEndless = errors.New("the scanner did not end")

func TestScannerTokens(t *testing.T) {
	got, err := scanAll(` {"a": [1, "x", {}], "b" :null} `, false, false)
	want := []string{"object@0:{", "key@1:\"a\"", "array@1:[", "number@2:1", "string@2:\"x\"",
		"object@2:{", "/object@2:}", "/array@1:]", "key@1:\"b\"", "null@1:null", "/object@0:}"}
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tokens = %q, %v\nwant %q", got, err, want)
	}
}

// A stream holds values one after another, but a number or literal must
// not touch the next value: "01" is not 0 then 1.
func TestScannerStream(t *testing.T) {
	tests := []struct {
		src  string
		want string // the tokens, or the error
	}{
		{"{\"a\":1}\n[2]\n", `object@0:{ key@1:"a" number@1:1 /object@0:} array@0:[ number@1:2 /array@0:]`},
		{`1 2"s"[]`, `number@0:1 number@0:2 string@0:"s" array@0:[ /array@0:]`},
		{`01`, "invalid character '1' after top-level value at byte 1"},
		{`truefalse`, "invalid character 'f' after top-level value at byte 4"},
		{` `, "unexpected end of JSON input"},
	}
	for _, tt := range tests {
		toks, err := scanAll(tt.src, true, false)
		got := strings.Join(toks, " ")
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("stream %q: %s, want %s", tt.src, got, tt.want)
		}
	}
}

// A Cut text ends inside a token or between tokens without an error: the
// token it ends in is partial, and only what is there is checked.
func TestScannerCut(t *testing.T) {
	tests := []struct{ src, want string }{
		{`{"a":[1,"xy`, `object@0:{ key@1:"a" array@1:[ number@2:1 string~@2:"xy`},
		{`{"ke`, `object@0:{ key~@1:"ke`},
		{`[tr`, `array@0:[ bool~@1:tr`},
		{`[1.`, `array@0:[ number~@1:1.`},
		{`["a\u00`, `array@0:[ string~@1:"a\u00`},
		{`{"a":1,`, `object@0:{ key@1:"a" number@1:1`},
		{``, ``},
		{`[tx`, "invalid character 'x' in literal true (expecting 'r') at byte 2"},
		{`["\x`, "invalid character 'x' in string escape code at byte 3"},
	}
	for _, tt := range tests {
		toks, err := scanAll(tt.src, false, true)
		got := strings.Join(toks, " ")
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("cut %q: %s, want %s", tt.src, got, tt.want)
		}
	}
}
