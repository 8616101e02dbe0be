package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/jsonwhy"
)

// objectOf reads raw, a JSON object, with the one JSON scanner, indexing
// depth levels of it (1: its members); false when raw is not one. Read
// so, a member nested past encoding/json's 10,000 levels costs only
// itself, not the members beside it.
func objectOf(raw []byte, depth int) (jsonspan.Value, bool) {
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: depth})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return jsonspan.Value{}, false
	}
	return doc.Root(), true
}

// objectAt is the JSON object raw holds under the members path names, one
// level at a time, so nothing beside the path is indexed: a long list
// beside it stays unread, and one nested past encoding/json's 10,000
// levels hides nothing.
func objectAt(raw []byte, path ...string) (jsonspan.Value, bool) {
	v, ok := objectOf(raw, 1)
	for _, name := range path {
		if !ok {
			break
		}
		v, ok = objectOf(v.Get(name).Raw(), 1)
	}
	return v, ok
}

// peeked is what the session reads of one JSON-RPC message: the exact
// bytes of its top-level members (views of the message, not copies), its
// method decoded, and whether its result says isError: true, which is how
// a tool call fails without failing the JSON-RPC call.
type peeked struct {
	id, result, errv, params []byte
	// firstID is the first of two or more "id" members, nil when the
	// message names id once or not at all: where a reader that keeps the
	// first parts from mcpscope, which keeps the last.
	firstID   []byte
	method    string
	hasMethod bool
	toolError bool
	// oddIsError: the result's isError is there and is neither a boolean
	// nor null ("yes", 1), which only true would read as the tool failing.
	oddIsError bool
	// A 2026 multi round-trip: a result that asks for input, with the
	// state to echo, and a request that answers one, with the state it
	// echoes (nil when there is none).
	inputRequired  bool
	requestState   []byte
	inputResponses bool
	echoedState    []byte
	// The exact bytes of params' clientInfo (an initialize's) and _meta
	// (a stateless request's), nil when it has none: who the client says
	// it is, read in the same pass over params.
	clientInfo, meta []byte
}

// isRPCError reports an answer that fails: its "error" is set, or it has
// no "result" beside an "error" of null (JSON-RPC 1.0's "no error", with
// nothing to read as the answer). An "error": null beside a result is
// that habit too, and the answer is the result.
func (p peeked) isRPCError() bool {
	return p.errv != nil && (string(p.errv) != "null" || p.result == nil)
}

// The members peekMessage reads: of the message, and of its result and
// its params when they are objects.
var (
	topNames    = []string{"id", "method", "params", "result", "error"}
	resultNames = []string{"isError", "resultType", "requestState"}
	paramsNames = []string{"inputResponses", "requestState", "clientInfo", "_meta"}
)

const (
	topID, topMethod, topParams, topResult, topError = 0, 1, 2, 3, 4
	resIsError, resType, resState                    = 0, 1, 2
	parResponses, parState, parInfo, parMeta         = 0, 1, 2, 3
)

// memberSpan is where a member's value is in the message; set when it is
// there. When the name comes twice or more, from and to are the last one's
// and firstFrom and firstTo the first one's, with twice set.
type memberSpan struct {
	from, to           int
	firstFrom, firstTo int
	set, twice         bool
}

// peekMessage reads one message with the one JSON tokenizer, keeping no
// index: a message of any number of members, however large or deep, is
// checked and read in one pass (and its result or params object, when it
// has one, in a second pass over that object), and each member named is
// the last of its name, as encoding/json reads it. It reports false when
// b is not one JSON object. (An index bounded for memory dropped the
// members past its bound: a request with 300 members before its id read
// as no request.)
func peekMessage(b []byte) (peeked, bool) {
	var p peeked
	var top [5]memberSpan
	if !namedMembers(b, topNames, top[:]) {
		return p, false
	}
	p.id, p.params, p.errv, p.result = top[topID].of(b), top[topParams].of(b), top[topError].of(b), top[topResult].of(b)
	if id := top[topID]; id.twice {
		p.firstID = b[id.firstFrom:id.firstTo]
	}
	if m := top[topMethod].of(b); m != nil {
		p.hasMethod = true
		p.method, _ = TextOf(m)
	}
	var res [3]memberSpan
	if r := p.result; len(r) > 0 && r[0] == '{' && namedMembers(r, resultNames, res[:]) {
		isErr := res[resIsError].of(r)
		p.toolError = string(isErr) == "true"
		p.oddIsError = IsErrorOdd(isErr)
		rt, _ := TextOf(res[resType].of(r))
		p.inputRequired = rt == "input_required"
		p.requestState = res[resState].of(r)
	}
	var par [4]memberSpan
	if pr := p.params; len(pr) > 0 && pr[0] == '{' && namedMembers(pr, paramsNames, par[:]) {
		p.inputResponses = par[parResponses].set
		p.echoedState = par[parState].of(pr)
		p.clientInfo, p.meta = par[parInfo].of(pr), par[parMeta].of(pr)
	}
	return p, true
}

// of is the member's exact bytes in b, the message it was read from; nil
// when the member is not there.
func (m memberSpan) of(b []byte) []byte {
	if !m.set {
		return nil
	}
	return b[m.from:m.to]
}

// namedMembers reads the members of the JSON object b named in names into
// out (in the same order), each the last of its name, as encoding/json
// reads it, with the one JSON tokenizer and no index: an object of any
// number of members costs one pass and no memory per member. It reports
// false when b is not one JSON object.
func namedMembers(b []byte, names []string, out []memberSpan) bool {
	s := jsonspan.NewScanner(b)
	if s.Next() != nil || s.Token().Kind != jsonspan.Object {
		return false
	}
	var next, open *memberSpan
	for {
		err := s.Next()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		switch t := s.Token(); {
		case t.Depth != 1:
		case t.Key:
			next = nil
			if i := memberIndex(names, b[t.From:t.To]); i >= 0 {
				next = &out[i]
			}
		case t.Close:
			if open != nil {
				open.to, open = t.To, nil
			}
		case next != nil:
			// The name's earlier value is complete (members do not
			// nest at depth 1): the first one is kept for firstID.
			prev := *next
			*next = memberSpan{from: t.From, to: t.To, set: true}
			if prev.twice {
				next.firstFrom, next.firstTo, next.twice = prev.firstFrom, prev.firstTo, true
			} else if prev.set {
				next.firstFrom, next.firstTo, next.twice = prev.from, prev.to, true
			}
			if t.Kind == jsonspan.Object || t.Kind == jsonspan.Array {
				open = next
			}
			next = nil
		}
	}
}

// memberIndex is the index in names of the quoted key, decoded, or -1.
func memberIndex(names []string, quoted []byte) int {
	key := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(key, '\\') >= 0 {
		k, ok := jsonspan.Unquote(quoted)
		if !ok {
			return -1
		}
		key = []byte(k)
	}
	for i, n := range names {
		if string(key) == n {
			return i
		}
	}
	return -1
}

// TextOf is the decoded text of a JSON string's exact bytes, as
// encoding/json reads it (bytes that are not UTF-8 read as U+FFFD); false
// when they are no string (or nil).
func TextOf(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(b, '\\') < 0 && utf8.Valid(b) {
		return string(b[1 : len(b)-1]), true
	}
	if s, ok := jsonspan.Unquote(b); ok {
		return s, true
	}
	var s string
	err := json.Unmarshal(b, &s)
	return s, err == nil
}

// NotRPCWhy says why b, which peekMessage found no JSON-RPC message (a
// message of ClassInvalid), is none, as words that follow "is" (a message came back that is ..., POST
// answered application/json that is ...): where it stops being JSON, or
// what JSON lacks. One wording for a stream's message and a JSON body.
func NotRPCWhy(b []byte) string {
	switch doc, err := jsonspan.Parse(b, whyLimits); {
	case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")):
		return "not JSON: it starts with a byte order mark, which JSON does not allow"
	case utf16Order(b) != "":
		return "not JSON: it is written in UTF-16 (" + utf16Order(b) + "), and JSON between systems is UTF-8 only"
	case bytes.HasPrefix(b, []byte("event:")) || bytes.HasPrefix(b, []byte("data:")) || bytes.HasPrefix(b, []byte("id:")):
		return "not JSON: it reads as an event stream (event:, data: or id: lines), not one message"
	case err != nil:
		return "not JSON: " + jsonwhy.Syntax(b, err)
	case doc.Root().Kind() != jsonspan.Object:
		return "JSON but no JSON-RPC message: it is not an object"
	}
	return "JSON but no JSON-RPC message: no method, result or error" + foldedNote(b)
}

// utf16Order says how b shows itself UTF-16 text: its byte order mark, or
// a zero byte beside the JSON punctuation it starts with (what ASCII text
// is in UTF-16); "" when it does not. Read as UTF-8, such a body fails at
// its first byte, and the decoder's words blame a byte 0xff or 0x00.
func utf16Order(b []byte) string {
	switch {
	case len(b) < 2:
		return ""
	case b[0] == 0xff && b[1] == 0xfe:
		return "it starts with the little-endian byte order mark FF FE"
	case b[0] == 0xfe && b[1] == 0xff:
		return "it starts with the big-endian byte order mark FE FF"
	case (b[0] == '{' || b[0] == '[') && b[1] == 0:
		return "little-endian: a zero byte follows its first " + string(b[0])
	case b[0] == 0 && (b[1] == '{' || b[1] == '['):
		return "big-endian: a zero byte comes before its first " + string(b[1])
	}
	return ""
}

// foldedNote says, as words to append, which top-level key of the JSON
// object b spells a JSON-RPC member in another case ("Result", "ID"); ""
// when none does. Read by its exact key, as a server reads it, such a
// member is not there; naming it tells the server's author what to fix.
func foldedNote(b []byte) string {
	if k, n := foldedMember(b); k != "" {
		return fmt.Sprintf(" (its %q is not %q: JSON-RPC's member names are case-sensitive)", k, n)
	}
	return ""
}

// foldedMember is the first top-level key of the JSON object b that spells
// a JSON-RPC member in another case, and that member's name.
func foldedMember(b []byte) (key, name string) {
	s := jsonspan.NewScanner(b)
	for s.Next() == nil {
		t := s.Token()
		if !t.Key || t.Depth != 1 {
			continue
		}
		k, _ := TextOf(b[t.From:t.To])
		for _, n := range topNames {
			if k != n && strings.EqualFold(k, n) {
				return k, n
			}
		}
	}
	return "", ""
}

// whyLimits index little more than what NotRPCWhy looks at, the root's
// kind (zero would mean no limit): a flood of messages that are not
// JSON-RPC costs a scan each, not an index.
var whyLimits = jsonspan.Limits{Depth: 1, Children: 1, Values: 2}

// eachElement calls fn with the exact text of every element of a JSON
// array; it reports false when s is not one.
func eachElement(s string, fn func(raw string)) bool {
	doc, err := jsonspan.Parse(bytesOf(s), jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Array {
		return false
	}
	for v := range doc.Root().Elements() {
		from, to := v.Span()
		fn(s[from:to])
	}
	return true
}

// Members is the exact bytes of the members of the JSON object b named in
// names, in the same order, each the last of its name (nil when it is not
// there); false when b is no JSON object. It reads as namedMembers does, in
// one pass with no memory per member, for readers of a server's params,
// which may put what matters after any number of other members.
func Members(b []byte, names ...string) ([][]byte, bool) {
	spans := make([]memberSpan, len(names))
	if !namedMembers(b, names, spans) {
		return nil, false
	}
	out := make([][]byte, len(names))
	for i, m := range spans {
		out[i] = m.of(b)
	}
	return out, true
}

// IsErrorOdd reports whether a result's isError, as its JSON text (nil
// when it is not there), is neither a boolean nor null ("yes", 1): only
// true reads as the tool failing, so the Pairs row, the status line, exec
// and the proxy's log say such a one was read as no error.
func IsErrorOdd(raw []byte) bool {
	switch string(raw) {
	case "", "true", "false", "null":
		return false
	}
	return true
}
