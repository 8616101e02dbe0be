package jsonspan

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

func mustParse(t testing.TB, src string, lim Limits) *Doc {
	t.Helper()
	d, err := Parse([]byte(src), lim)
	if err != nil {
		t.Fatalf("Parse(%.60q): %v", src, err)
	}
	return d
}

// Parse agrees with encoding/json on what is JSON, and says where it is not.
func TestParseChecksLikeEncodingJSON(t *testing.T) {
	tests := []struct{ src, err string }{
		{`{}`, ""},
		{` [1, -0.5e+3, "a\"\u00e9\n", true, false, null, {"k": []}] `, ""},
		{`"\ud800"`, ""},
		{`{"type":`, "unexpected end of JSON input"},
		{`{"a":1} x`, "invalid character 'x' after top-level value at byte 8"},
		{``, "unexpected end of JSON input"},
		{`{"a" 1}`, "invalid character '1' after object key at byte 5"},
		{`{"a":1,}`, "invalid character '}' looking for beginning of object key string at byte 7"},
		{`[1,]`, "invalid character ']' looking for beginning of value at byte 3"},
		{`[1 2]`, "invalid character '2' after array element at byte 3"},
		{`{"a":1 "b":2}`, "invalid character '\"' after object key:value pair at byte 7"},
		{`[01]`, "invalid character '1' after array element at byte 2"},
		{`[-]`, "invalid character ']' in numeric literal at byte 2"},
		{`[1.]`, "invalid character ']' in numeric literal at byte 3"},
		{`[1e]`, "invalid character ']' in numeric literal at byte 3"},
		{`[tru]`, "invalid character ']' in literal true (expecting 'e') at byte 4"},
		{`["a` + "\x01" + `"]`, `invalid character '\x01' in string literal at byte 3`},
		{`["\x"]`, `invalid character 'x' in string escape code at byte 3`},
		{`["\u12g4"]`, `invalid character 'g' in \u hexadecimal character escape at byte 6`},
		{`[` + "\xff" + `]`, "invalid character byte 0xff looking for beginning of value at byte 1"},
		{`'a'`, `invalid character '\'' looking for beginning of value at byte 0`},
		{`nul`, "unexpected end of JSON input"},
		{`"abc`, "unexpected end of JSON input"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.src), Limits{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("Parse(%q) error = %q, want %q", tt.src, got, tt.err)
		}
		if valid := json.Valid([]byte(tt.src)); valid != (err == nil) {
			t.Errorf("Parse(%q) error = %v, but json.Valid = %v", tt.src, err, valid)
		}
	}
}

func TestValues(t *testing.T) {
	d := mustParse(t, `{"a": [1, "x\u0041", null], "b\u0063": {"n": 2}, "a": true}`, Limits{})
	root := d.Root()
	if root.Kind() != Object || root.Len() != 3 || root.Cut() {
		t.Fatalf("root kind %d len %d cut %v, want an object of 3 members, not cut", root.Kind(), root.Len(), root.Cut())
	}
	var keys []string
	for k := range root.Members() {
		keys = append(keys, k)
	}
	if got := strings.Join(keys, ","); got != "a,bc,a" {
		t.Errorf("members = %s, want a,bc,a (escapes decoded, duplicates kept)", got)
	}
	if got := root.Get("a"); got.Kind() != Bool || string(got.Raw()) != "true" {
		t.Errorf(`Get("a") = %s, want the last duplicate, true`, got.Raw())
	}
	if got := string(root.Get("bc").Get("n").Raw()); got != "2" {
		t.Errorf(`Get("bc").Get("n") = %s, want 2 (key with an escape)`, got)
	}
	if root.Get("zz").Exists() || root.Get("zz").Get("y").Exists() {
		t.Errorf("a missing member exists")
	}
	var first Value
	for k, v := range root.Members() {
		if k == "a" {
			first = v
			break
		}
	}
	if s, ok := first.Index(1).Text(); !ok || s != "xA" {
		t.Errorf("Index(1).Text() = %q, %v; want xA", s, ok)
	}
	if first.Index(3).Exists() {
		t.Errorf("Index past the end exists")
	}
	if _, ok := first.Index(0).Text(); ok {
		t.Errorf("Text of a number reported ok")
	}
}

// A member's KeySpan is its key as written, quotes and escapes included;
// a value that is no member has none.
func TestKeySpan(t *testing.T) {
	src := `{ "a" : 1, "b\u0063":[2]}`
	d := mustParse(t, src, Limits{})
	var keys []string
	for _, v := range d.Root().Members() {
		from, to := v.KeySpan()
		keys = append(keys, src[from:to])
	}
	if got := strings.Join(keys, ","); got != `"a","b\u0063"` {
		t.Errorf("keys as written = %s, want \"a\",\"b\\u0063\"", got)
	}
	if from, to := d.Root().KeySpan(); from != 0 || to != 0 {
		t.Errorf("the root's KeySpan = %d, %d, want 0, 0", from, to)
	}
}

// Limits leave values out of the index but never out of the check, and the
// container that lost members says so.
func TestLimits(t *testing.T) {
	d := mustParse(t, `{"a":{"b":{"c":1}},"e":[1,2,3,4]}`, Limits{Depth: 2, Children: 3})
	a := d.Root().Get("a")
	if b := a.Get("b"); !b.Exists() || b.Cut() != true || b.Get("c").Exists() || b.Len() != 1 {
		t.Errorf("b: exists %v cut %v len %d, want indexed at depth 2 with its member cut", b.Exists(), b.Cut(), b.Len())
	}
	e := d.Root().Get("e")
	n := 0
	for range e.Elements() {
		n++
	}
	if n != 3 || e.Len() != 4 || !e.Cut() {
		t.Errorf("e: %d indexed of %d, cut %v; want 3 of 4, cut", n, e.Len(), e.Cut())
	}
	// The root, a, b, e and three of e's elements: c is past the depth.
	if got := d.Indexed(); got != 7 {
		t.Errorf("%d values indexed, want 7", got)
	}
	d = mustParse(t, `[[1,2],[3,4]]`, Limits{Values: 5})
	if got := d.Indexed(); got != 5 {
		t.Errorf("%d values indexed, want 5", got)
	}
	if !d.Root().Index(1).Cut() {
		t.Errorf("the second array lost its elements but is not cut")
	}
	if _, err := Parse([]byte(`[[1,2],[3,x]]`), Limits{Values: 2}); err == nil {
		t.Errorf("a syntax error past the limits was not found")
	}
}

// Nesting far past encoding/json's 10,000 levels is read in linear time,
// and the index stays within the limits.
func TestDeepNesting(t *testing.T) {
	const levels = 1_000_000
	src := strings.Repeat(`{"a":[`, levels) + `1` + strings.Repeat(`]}`, levels)
	d := mustParse(t, src, Limits{Depth: 10})
	if len(d.nodes) > 11 {
		t.Errorf("%d values indexed, want at most 11", len(d.nodes))
	}
	if got := len(d.Root().Raw()); got != len(src) {
		t.Errorf("root spans %d bytes, want %d", got, len(src))
	}
	if _, err := Parse([]byte(src[:len(src)-1]), Limits{Depth: 10}); err == nil {
		t.Errorf("a deep text missing its last bracket parsed")
	}
}

func TestKindName(t *testing.T) {
	for src, want := range map[string]string{`null`: "null", `true`: "a boolean", `5`: "an integer", `5.5`: "a number",
		`1e400`: "a number", `"s"`: "a string", `[]`: "an array", `{}`: "an object"} {
		if got := mustParse(t, src, Limits{}).Root().KindName(); got != want {
			t.Errorf("KindName(%s) = %q, want %q", src, got, want)
		}
	}
	if got := (Value{}).KindName(); got != "nothing" {
		t.Errorf("KindName of a missing value = %q, want nothing", got)
	}
}

// Whatever the input, Parse agrees with json.Valid (short of its depth
// limit), never panics, and every indexed value's bytes are valid JSON.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `[1,"a",{"b":null}]`, `{"a":`, `"\u00e9"`, `-0.1e+5`, `[tru]`, `{"a":1}x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := Parse(src, Limits{Depth: 3, Children: 4, Values: 16})
		if valid := json.Valid(src); valid != (err == nil) && !bytes.Contains(src, bytes.Repeat([]byte("["), 10000)) {
			t.Fatalf("Parse(%q) error %v, json.Valid %v", src, err, valid)
		}
		// The Scanner's other modes end too, on any text.
		for _, mode := range [][2]bool{{true, false}, {false, true}, {true, true}} {
			if _, serr := scanAll(string(src), mode[0], mode[1]); errors.Is(serr, errEndless) {
				t.Fatalf("scanning %q (stream %v, cut %v) did not end", src, mode[0], mode[1])
			}
		}
		if err != nil {
			return
		}
		for i := range d.nodes {
			v := Value{d, int32(i)}
			if !json.Valid(v.Raw()) {
				t.Fatalf("value %d of %q has bytes %q, not JSON", i, src, v.Raw())
			}
		}
	})
}

// BenchmarkParse reads a 10 MB array of a million strings, indexing the
// first 4,096 as a schema's enum would; json.Valid, which only checks, is
// the yardstick for what one pass over the text costs.
func BenchmarkParse(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"enum":[`)
	for i := range 1_000_000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`"value-` + strings.Repeat("x", i%5) + `"`)
	}
	sb.WriteString(`]}`)
	src := []byte(sb.String())
	b.Run("Parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse(src, Limits{Depth: 130, Values: 1 << 16, Children: 4096}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			if !json.Valid(src) {
				b.Fatal("invalid")
			}
		}
	})
}

// BenchmarkGetText finds the last of 64 members by key and reads its
// string, as reading an answer's fields does on every message: a check of
// each key for UTF-8 cost the lookup half again.
func BenchmarkGetText(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{`)
	for i := range 64 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`"key-` + strconv.Itoa(i) + strings.Repeat("y", 20) + `":"` + strings.Repeat("text ", 40) + `"`)
	}
	sb.WriteString(`}`)
	d, err := Parse([]byte(sb.String()), Limits{Depth: 10, Values: 1 << 16, Children: 4096})
	if err != nil {
		b.Fatal(err)
	}
	last := "key-63" + strings.Repeat("y", 20)
	b.ReportAllocs()
	for b.Loop() {
		if s, ok := d.Root().Get(last).Text(); !ok || s == "" {
			b.Fatal("the last member is missing")
		}
	}
}
