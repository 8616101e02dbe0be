package mcptest

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The _meta keys of 2026-07-28.
const (
	metaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaClientInfo         = "io.modelcontextprotocol/clientInfo"
	metaLogLevel           = "io.modelcontextprotocol/logLevel"
	metaServerInfo         = "io.modelcontextprotocol/serverInfo"
	metaSubscriptionID     = "io.modelcontextprotocol/subscriptionId"
)

// Meta is a 2026 request's params._meta as the stateless fake read it.
type Meta struct {
	// ProtocolVersion is io.modelcontextprotocol/protocolVersion.
	ProtocolVersion string
	// ClientCapabilities is io.modelcontextprotocol/clientCapabilities, an
	// object.
	ClientCapabilities json.RawMessage
	// ClientInfo is io.modelcontextprotocol/clientInfo; nil when absent.
	ClientInfo json.RawMessage
	// LogLevel is io.modelcontextprotocol/logLevel; "" when absent.
	LogLevel string
	// Raw holds every _meta member as sent.
	Raw map[string]json.RawMessage
}

// logLevels are the syslog severities of notifications/message, least
// severe first.
var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// wantsLog reports whether the request asked for log messages this severe.
func (m *Meta) wantsLog(level string) bool {
	if m.LogLevel == "" {
		return false
	}
	return slices.Index(logLevels, level) >= slices.Index(logLevels, m.LogLevel)
}

// HasCapability reports whether clientCapabilities declares the capability
// at this path, e.g. HasCapability("elicitation", "form").
func (m *Meta) HasCapability(path ...string) bool {
	cur := m.ClientCapabilities
	for _, key := range path {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(cur, &obj); err != nil || obj == nil {
			return false
		}
		next, ok := obj[key]
		if !ok {
			return false
		}
		cur = next
	}
	return true
}

// checkMeta reads and checks params._meta; it answers the request itself
// and returns false when _meta is missing or wrong.
func (s *StatelessServer) checkMeta(rec *Request, fail func(int, int, string, any)) (*Meta, bool) {
	bad := func(msg string) (*Meta, bool) {
		fail(http.StatusBadRequest, -32602, "Invalid params: "+msg, nil)
		return nil, false
	}
	_, _, _, params := parse(rec.Body)
	meta := members(members(params)["_meta"])
	if meta == nil {
		return bad("params._meta is missing; a 2026-07-28 request carries " + metaProtocolVersion + " and " + metaClientCapabilities)
	}
	m := &Meta{Raw: meta, ClientCapabilities: meta[metaClientCapabilities], ClientInfo: meta[metaClientInfo]}
	if err := json.Unmarshal(meta[metaProtocolVersion], &m.ProtocolVersion); err != nil || m.ProtocolVersion == "" {
		return bad("_meta " + metaProtocolVersion + " must be a non-empty string")
	}
	if !slices.Contains(s.opts.Versions, m.ProtocolVersion) {
		fail(http.StatusBadRequest, -32022, "Unsupported protocol version "+strconv.Quote(m.ProtocolVersion),
			map[string]any{"supported": s.opts.Versions, "requested": m.ProtocolVersion})
		return nil, false
	}
	if !isObject(m.ClientCapabilities) {
		return bad("_meta " + metaClientCapabilities + " must be an object")
	}
	if m.ClientInfo != nil && !isObject(m.ClientInfo) {
		return bad("_meta " + metaClientInfo + " must be an object")
	}
	if raw, ok := meta[metaLogLevel]; ok {
		if json.Unmarshal(raw, &m.LogLevel) != nil || !slices.Contains(logLevels, m.LogLevel) {
			return bad("_meta " + metaLogLevel + " must be one of " + strings.Join(logLevels, ", "))
		}
	}
	return m, true
}

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool {
	var obj map[string]json.RawMessage
	return json.Unmarshal(raw, &obj) == nil && obj != nil
}

// namedMethods are the methods whose Mcp-Name header mirrors a param.
var namedMethods = map[string]string{"tools/call": "name", "resources/read": "uri", "prompts/get": "name"}

// checkHeaders checks that the headers mirror the body; it answers 400
// -32020 itself and returns false on the first mismatch.
func (s *StatelessServer) checkHeaders(rec *Request, meta *Meta, fail func(int, int, string, any)) bool {
	mismatch := func(header, expected string, received *string) bool {
		msg := "Header mismatch: missing required " + header + " header"
		var got any
		if received != nil {
			msg = "Header mismatch: " + header + " header " + strconv.Quote(*received) + " does not match the body's " + strconv.Quote(expected)
			got = *received
		}
		var data any
		if !s.opts.MismatchWithoutData {
			data = map[string]any{"mismatch": map[string]any{"header": header, "expected": expected, "received": got}}
		}
		fail(http.StatusBadRequest, -32020, msg, data)
		return false
	}
	check := func(header, expected string) bool {
		vs := rec.Header.Values(header)
		if len(vs) == 0 {
			return mismatch(header, expected, nil)
		}
		got, err := decodeHeaderValue(vs[0])
		if err != nil || got != expected || len(vs) > 1 {
			return mismatch(header, expected, &vs[0])
		}
		return true
	}
	if !check("MCP-Protocol-Version", meta.ProtocolVersion) || !check("Mcp-Method", rec.RPCMethod) {
		return false
	}
	key, named := namedMethods[rec.RPCMethod]
	if !named {
		return true
	}
	_, _, _, params := parse(rec.Body)
	p := members(params) // Missing params name nothing; the handler says so.
	var name string
	_ = json.Unmarshal(p[key], &name)
	if !check("Mcp-Name", name) {
		return false
	}
	if rec.RPCMethod != "tools/call" {
		return true
	}
	return s.checkParamHeaders(rec, name, p["arguments"], mismatch)
}

// checkParamHeaders checks the Mcp-Param-{Name} headers of a tools/call
// against the tool's x-mcp-header annotations. A tool whose annotations
// are invalid is not checked: no client can mirror them.
func (s *StatelessServer) checkParamHeaders(rec *Request, tool string, rawArgs json.RawMessage, mismatch func(string, string, *string) bool) bool {
	var t *Tool
	for _, c := range s.Tools() {
		if c.Name == tool {
			t = &c
			break
		}
	}
	if t == nil {
		return true
	}
	bindings, err := headerParams(*t)
	if err != nil {
		return true
	}
	args := members(rawArgs) // No arguments mirror nothing.
	for _, b := range bindings {
		header := "Mcp-Param-" + b.Header
		got := rec.Header.Values(header)
		arg, present := args[b.Param]
		if !present || string(arg) == "null" {
			if len(got) > 0 {
				return mismatch(header, "", &got[0])
			}
			continue
		}
		want, ok := scalarHeaderValue(arg)
		if !ok {
			continue // A value of the wrong type is the tool's business.
		}
		if len(got) == 0 {
			return mismatch(header, want, nil)
		}
		decoded, err := decodeHeaderValue(got[0])
		if err != nil || decoded != want {
			return mismatch(header, want, &got[0])
		}
	}
	return true
}

// scalarHeaderValue is the header text of a string, integer or boolean
// argument: strings as is, integers in decimal, booleans true or false.
func scalarHeaderValue(raw json.RawMessage) (string, bool) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(v), true
	case float64:
		if v != float64(int64(v)) {
			return "", false
		}
		return strconv.FormatInt(int64(v), 10), true
	}
	return "", false
}

// decodeHeaderValue undoes the "=?base64?...?=" form of a mirrored header.
func decodeHeaderValue(v string) (string, error) {
	inner, ok := strings.CutPrefix(v, "=?base64?")
	if !ok {
		return v, nil
	}
	inner, ok = strings.CutSuffix(inner, "?=")
	if !ok {
		return v, nil
	}
	b, err := base64.StdEncoding.DecodeString(inner)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// headerParam is one tool parameter mirrored in an Mcp-Param-{Header}
// header.
type headerParam struct {
	// Param is the argument's name in inputSchema.properties.
	Param string
	// Header is the x-mcp-header value: the header is "Mcp-Param-"+Header.
	Header string
}

// headerParams returns the x-mcp-header annotations of t's top-level
// properties, or an error saying why they are invalid: a name that is not
// an HTTP token, a name used twice (case-insensitively), or an annotation
// on a parameter that is not a string, integer or boolean.
func headerParams(t Tool) ([]headerParam, error) {
	var schema struct {
		Properties map[string]struct {
			Type   string          `json:"type"`
			Header json.RawMessage `json:"x-mcp-header"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
		return nil, nil
	}
	names := slices.Sorted(maps.Keys(schema.Properties))
	var out []headerParam
	seen := map[string]string{}
	for _, param := range names {
		p := schema.Properties[param]
		if p.Header == nil {
			continue
		}
		var header string
		if err := json.Unmarshal(p.Header, &header); err != nil || header == "" {
			return nil, errors.New("property " + strconv.Quote(param) + ": x-mcp-header must be a non-empty string")
		}
		if p.Type != "string" && p.Type != "integer" && p.Type != "boolean" {
			return nil, errors.New("property " + strconv.Quote(param) + ": x-mcp-header on a " + strconv.Quote(p.Type) + " parameter; only string, integer and boolean can be mirrored")
		}
		if i := strings.IndexFunc(header, func(r rune) bool { return !isTokenChar(r) }); i >= 0 {
			return nil, errors.New("property " + strconv.Quote(param) + ": x-mcp-header " + strconv.Quote(header) + " has " + strconv.QuoteRune(firstRune(header[i:])) + ", which a header name cannot hold")
		}
		if other, dup := seen[strings.ToLower(header)]; dup {
			return nil, errors.New("properties " + strconv.Quote(other) + " and " + strconv.Quote(param) + " both use x-mcp-header " + strconv.Quote(header))
		}
		seen[strings.ToLower(header)] = param
		out = append(out, headerParam{Param: param, Header: header})
	}
	return out, nil
}

// isTokenChar reports whether r may appear in an HTTP field name (tchar).
func isTokenChar(r rune) bool {
	switch {
	case r >= '0' && r <= '9', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return true
	}
	return strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}

// firstRune is the rune s starts with.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
