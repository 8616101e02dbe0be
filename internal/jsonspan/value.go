package jsonspan

import (
	"bytes"
	"encoding/json"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Value is one indexed value of a Doc; the zero Value is a value that does
// not exist (a missing member, an element past the end).
type Value struct {
	d *Doc
	i int32
}

// Root is the document's top-level value.
func (d *Doc) Root() Value { return Value{d, 0} }

// Indexed is how many values Parse indexed, the root included: at most
// its Limits.Values, counted as it read, so no walk is needed to know it.
func (d *Doc) Indexed() int { return len(d.nodes) }

func (v Value) node() *node { return &v.d.nodes[v.i] }

// Exists reports whether v is a value (not a missing member).
func (v Value) Exists() bool { return v.d != nil }

// Kind is v's JSON type, or 0 when v does not exist.
func (v Value) Kind() Kind {
	if v.d == nil {
		return 0
	}
	return v.node().kind
}

// Raw is v's exact bytes in the text; it shares the text's memory.
func (v Value) Raw() []byte {
	if v.d == nil {
		return nil
	}
	n := v.node()
	return v.d.src[n.start:n.end:n.end]
}

// Span is where v's bytes are in the text: Raw is text[from:to].
func (v Value) Span() (from, to int) {
	if v.d == nil {
		return 0, 0
	}
	n := v.node()
	return int(n.start), int(n.end)
}

// KeySpan is where the quoted key of v, an object's member, is in the
// text, quotes included; 0, 0 for a value that is no member.
func (v Value) KeySpan() (from, to int) {
	if v.d == nil {
		return 0, 0
	}
	n := v.node()
	return int(n.keyStart), int(n.keyEnd)
}

// Len is the number of members or elements v has in the text, indexed or
// not.
func (v Value) Len() int {
	if v.d == nil {
		return 0
	}
	return int(v.node().count)
}

// Cut reports whether some of v's members or elements were not indexed
// (Parse's limits): then ranging over v sees fewer than Len.
func (v Value) Cut() bool { return v.d != nil && v.node().cut }

// Members ranges over an object's indexed members in the order of the text,
// duplicates included; for anything else it yields nothing.
func (v Value) Members() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		if v.Kind() != Object {
			return
		}
		for c := v.node().first; c != 0; c = v.d.nodes[c].next {
			child := Value{v.d, c}
			if !yield(child.key(), child) {
				return
			}
		}
	}
}

// Elements ranges over an array's indexed elements; for anything else it
// yields nothing.
func (v Value) Elements() iter.Seq[Value] {
	return func(yield func(Value) bool) {
		if v.Kind() != Array {
			return
		}
		for c := v.node().first; c != 0; c = v.d.nodes[c].next {
			if !yield(Value{v.d, c}) {
				return
			}
		}
	}
}

// Get is the object member called key (the last one, as encoding/json
// decides duplicates), or a Value that does not exist.
func (v Value) Get(key string) Value {
	var found Value
	if v.Kind() != Object {
		return found
	}
	// A key's bytes that are no UTF-8 read as U+FFFD, as Members gives
	// the key: only a key holding U+FFFD can be one of those, so the
	// others are compared as they were sent, checked for UTF-8 only when
	// they are equal (Get is on every answer's path: checking each key
	// cost the lookup half again).
	replaced := strings.ContainsRune(key, utf8.RuneError)
	for c := v.node().first; c != 0; c = v.d.nodes[c].next {
		child := Value{v.d, c}
		n := child.node()
		raw := v.d.src[n.keyStart+1 : n.keyEnd-1]
		if bytes.IndexByte(raw, '\\') < 0 && (!replaced || utf8.Valid(raw)) {
			if string(raw) == key && utf8.Valid(raw) {
				found = child
			}
		} else if child.key() == key {
			found = child
		}
	}
	return found
}

// Index is the array element at i (counting from 0), or a Value that does
// not exist.
func (v Value) Index(i int) Value {
	k := 0
	for e := range v.Elements() {
		if k == i {
			return e
		}
		k++
	}
	return Value{}
}

// Text is the decoded string when v is a JSON string.
func (v Value) Text() (string, bool) {
	if v.Kind() != String {
		return "", false
	}
	return unquote(v.Raw()), true
}

// key is the decoded key of an object member.
func (v Value) key() string {
	n := v.node()
	return unquote(v.d.src[n.keyStart:n.keyEnd])
}

// unquote decodes a JSON string Parse has checked; only escapes need
// decoding, and only text that is not UTF-8 needs encoding/json, which
// reads each byte that is no UTF-8 as U+FFFD.
func unquote(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	if s, ok := Unquote(raw); ok {
		return s
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return string(raw[1 : len(raw)-1]) // unreachable for checked text
	}
	return s
}

// KindName is the JSON type of v for messages: "null", "a boolean",
// "an integer", "a number", "a string", "an array" or "an object".
func (v Value) KindName() string {
	switch v.Kind() {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		if _, err := strconv.ParseInt(string(v.Raw()), 10, 64); err == nil {
			return "an integer"
		}
		return "a number"
	case String:
		return "a string"
	case Array:
		return "an array"
	case Object:
		return "an object"
	}
	return "nothing"
}

// DecodeField decodes the member Get(key) into out with encoding/json. The
// member is found by its exact key, as Get finds it and not as
// encoding/json finds a struct field (in any case): JSON-RPC's member names
// are case-sensitive, so {"Status":...} has no "status", for a server as
// for mcpscope. Members it does not ask for are never decoded: one nested
// past encoding/json's 10,000 levels costs only itself. A member that is
// not there leaves out as it is; the error is encoding/json's, for a member
// that cannot be read into out.
func (v Value) DecodeField(key string, out any) error {
	m := v.Get(key)
	if !m.Exists() {
		return nil
	}
	return json.Unmarshal(m.Raw(), out)
}
