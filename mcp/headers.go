package mcp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// The 2026-07-28 revision mirrors parts of each request's body into
// headers, so intermediaries can route without reading the body:
// Mcp-Method always, Mcp-Name for the three methods that name something,
// and Mcp-Param-{Name} for tool parameters whose schema says
// "x-mcp-header". A value that is not plain printable ASCII travels as
// =?base64?{base64 of its UTF-8}?=.

// nameMember is the member of params Mcp-Name mirrors, per method.
var nameMember = map[string]string{"tools/call": "name", "resources/read": "uri", "prompts/get": "name"}

// headerValue encodes a value for a mirrored header: as is when it is
// printable ASCII with no blank at either end and does not look like the
// encoded form itself, else in the base64 sentinel form.
func headerValue(v string) string {
	plain := v != "" && v[0] != ' ' && v[0] != '\t' && v[len(v)-1] != ' ' && v[len(v)-1] != '\t' &&
		!(strings.HasPrefix(v, "=?base64?") && strings.HasSuffix(v, "?="))
	for i := 0; plain && i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c >= 0x7f {
			plain = false
		}
	}
	if plain {
		return v
	}
	return "=?base64?" + base64.StdEncoding.EncodeToString([]byte(v)) + "?="
}

// methodHeaderErr refuses, on a 2026-07-28 transport, a method that
// Mcp-Method cannot carry as it is: that revision gives the base64 form
// to Mcp-Name and the Mcp-Param headers only, and a method name is plain
// ASCII in every revision, so a server would read the encoded form as a
// method the body does not name. Other transports send no Mcp-Method.
// It asks MethodHeaderRefusal, so the session refuses the very methods an
// edge holds back before Enter sends them.
func methodHeaderErr(tr transport, method string) error {
	if e := MethodHeaderRefusal(tr.name(), method); e != nil {
		return e
	}
	return nil // a nil *MethodHeaderError is no nil error
}

// MethodHeaderRefusal is the refusal a session on transport (its
// Transport()) gives method before sending it, nil when it sends it: for
// an edge that would hold a line back before Enter sends it.
func MethodHeaderRefusal(transport, method string) *MethodHeaderError {
	if transport != TransportStateless || headerValue(method) == method {
		return nil
	}
	return &MethodHeaderError{Method: method}
}

// MethodHeaderError is the refusal of a method a 2026-07-28 transport
// cannot send as typed (see methodHeaderErr). Nothing was sent.
type MethodHeaderError struct {
	Method string
	// Meant is the method the typed one was most likely meant to be, set
	// by a caller that knows the method words ("" when none): the one
	// refusal then says what to type, where a warning that the method
	// was unknown and "sent as typed" would contradict it.
	Meant string
}

func (e *MethodHeaderError) Error() string {
	const why = "its Mcp-Method header takes a method as plain printable ASCII with no blank at either end, as every MCP method name is"
	if e.Meant != "" {
		// What to type first: a narrow hint line cuts the rest.
		return fmt.Sprintf("the method %s cannot be sent over 2026-07-28: did you mean %s? (%s)", clip.Quote(e.Method, maxQuoted), e.Meant, why)
	}
	return fmt.Sprintf("the method %s cannot be sent over 2026-07-28: %s (the base64 form is for Mcp-Name and Mcp-Param values only)", clip.Quote(e.Method, maxQuoted), why)
}

// headerParam is one tool parameter mirrored into a header.
type headerParam struct {
	header string   // the Name of Mcp-Param-{Name}
	path   []string // the chain of properties leading to the value
}

// maxSchemaWalk bounds the nodes a header check visits: a schema is
// server text, however large or deep.
const maxSchemaWalk = 100000

// HeaderProblem says why a tool's x-mcp-header annotations make it
// unusable in the 2026 era (a client must leave it out of calls), or ""
// when they do not.
func HeaderProblem(schema json.RawMessage) string {
	if _, err := paramHeaders(schema); err != nil {
		return err.Error()
	}
	return ""
}

// readParamHeaders reads t's x-mcp-header annotations once, when a 2026
// tools/list answer is read: the Mcp-Param headers every call of the tool
// carries (mirrorHeaders), or why the tool cannot be used (Invalid). A
// schema is server text of any size, not to be decoded again per call.
func (t *Tool) readParamHeaders() {
	hs, err := paramHeaders(t.InputSchema)
	if err != nil {
		t.Invalid = err.Error()
	}
	t.headers = hs
}

// paramHeaders reads a tool's x-mcp-header annotations. An annotation that
// breaks the rules makes the whole tool unusable, and the error says why:
// the name must be a non-empty HTTP token, unique whatever its case, on a
// property of type string, integer or boolean reached from the root only
// through "properties".
func paramHeaders(schema json.RawMessage) ([]headerParam, error) {
	if len(schema) == 0 {
		return nil, nil
	}
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return nil, nil // an unreadable schema is reported where schemas are read
	}
	w := &headerWalk{}
	w.walk(root, nil, true)
	if w.err != nil {
		return nil, w.err
	}
	return w.found, nil
}

type headerWalk struct {
	found   []headerParam
	visited int
	err     error
}

// walk visits a schema node; path is the properties chain to it, valid
// only while reachable says every step so far was "properties".
func (w *headerWalk) walk(node any, path []string, reachable bool) {
	if w.err != nil {
		return
	}
	if w.visited++; w.visited > maxSchemaWalk {
		w.err = fmt.Errorf("the schema is too large to check its x-mcp-header annotations")
		return
	}
	switch n := node.(type) {
	case []any:
		for _, item := range n {
			w.walk(item, path, false)
		}
	case map[string]any:
		if raw, ok := n["x-mcp-header"]; ok {
			w.annotation(n, raw, path, reachable)
		}
		keys := slices.Sorted(maps.Keys(n))
		for _, k := range keys {
			v := n[k]
			if k == "properties" {
				if props, ok := v.(map[string]any); ok {
					names := slices.Sorted(maps.Keys(props))
					for _, name := range names {
						w.walk(props[name], append(path[:len(path):len(path)], name), reachable)
					}
					continue
				}
			}
			w.walk(v, path, false)
		}
	}
}

func (w *headerWalk) annotation(prop map[string]any, raw any, path []string, reachable bool) {
	name, _ := raw.(string)
	where := "x-mcp-header"
	if len(path) > 0 {
		where = "x-mcp-header on " + strings.Join(path, ".")
	}
	switch {
	case !reachable || len(path) == 0:
		w.err = fmt.Errorf("%s is not on a property reached from the schema root through properties alone", where)
	case name == "":
		w.err = fmt.Errorf("%s is not a non-empty string", where)
	case !isToken(name):
		w.err = fmt.Errorf("%s %q is not an HTTP header name token", where, name)
	case !primitive(prop["type"]):
		w.err = fmt.Errorf("%s is on a property whose type is not string, integer or boolean", where)
	default:
		for _, f := range w.found {
			if strings.EqualFold(f.header, name) {
				w.err = fmt.Errorf("%s %q repeats the header of %s", where, name, strings.Join(f.path, "."))
				return
			}
		}
		w.found = append(w.found, headerParam{header: name, path: path})
	}
}

// primitive reports a JSON Schema type of string, integer or boolean (with
// null allowed beside it).
func primitive(t any) bool {
	ok := func(s any) bool { return s == "string" || s == "integer" || s == "boolean" }
	switch v := t.(type) {
	case string:
		return ok(v)
	case []any:
		n := 0
		for _, x := range v {
			if x == "null" {
				continue
			}
			if !ok(x) {
				return false
			}
			n++
		}
		return n == 1
	}
	return false
}

// isToken reports an RFC 9110 token: one or more tchar.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// mirrorHeaders sets the headers a 2026 request carries besides the
// protocol version: Mcp-Method, Mcp-Name, and the Mcp-Param headers the
// tool's schema asks for (read when it was listed, readParamHeaders), read
// from the arguments at their paths (absent or null values send no header).
func mirrorHeaders(h http.Header, method string, params json.RawMessage, tool *Tool) {
	h.Set("Mcp-Method", headerValue(method))
	member, ok := nameMember[method]
	if !ok {
		return
	}
	// Read level by level with the one scanner, by exact keys (the wire's
	// rule; the last of repeated ones, as encoding/json decides): a member
	// nested past encoding/json's 10,000 levels beside the name or an
	// argument must not cost the headers the server checks. The name is
	// read as nameOf reads it, the lookup that chose tool, so Mcp-Name and
	// the Mcp-Param headers never disagree on what the call names; params
	// are read once for both.
	p, ok := objectOf(params, 1)
	if !ok {
		return
	}
	if name, ok := p.Get(member).Text(); ok {
		h.Set("Mcp-Name", headerValue(name))
	}
	if method != "tools/call" || tool == nil {
		return
	}
	args := p.Get("arguments").Raw()
	for _, hp := range tool.headers {
		v := args
		for _, step := range hp.path {
			obj, ok := objectOf(v, 1)
			if !ok {
				v = nil
				break
			}
			v = obj.Get(step).Raw()
		}
		if s, ok := scalarText(v); ok {
			h.Set("Mcp-Param-"+hp.header, headerValue(s))
		}
	}
}

// scalarText is a string, integer or boolean argument as a header sends it;
// null, absent and other values send nothing.
func scalarText(v json.RawMessage) (string, bool) {
	if len(v) == 0 || string(v) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s, true
	}
	var b bool
	if json.Unmarshal(v, &b) == nil {
		return strconv.FormatBool(b), true
	}
	var f float64
	if json.Unmarshal(v, &f) == nil && f == math.Trunc(f) && math.Abs(f) <= 1<<53-1 {
		return strconv.FormatInt(int64(f), 10), true
	}
	return "", false
}
