package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
)

// errHeadersSent is where the oracle transport stops: a request that gets
// this far passed net/http's own checks of its headers.
var errHeadersSent = errors.New("dialed")

// FuzzMirrorHeaders: whatever x-mcp-header annotations a server's schema
// holds and whatever the user's arguments are, the 2026 headers mirrored
// from them are ones net/http sends, and each value reads back as the
// argument it mirrors.
func FuzzMirrorHeaders(f *testing.F) {
	for _, s := range []struct{ method, schema, params string }{
		{"tools/call", `{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}`, `{"name":"forecast","arguments":{"region":"eu-west"}}`},
		{"tools/call", `{"properties":{"r":{"type":"string","x-mcp-header":"Reg\r\nX-Evil: 1"}}}`, `{"name":"t","arguments":{"r":" \u0000\u00e9"}}`},
		{"tools/call", `{"properties":{"o":{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"}}}}}`, `{"name":"t\u202e","arguments":{"o":{"n":9007199254740993}}}`},
		{"tools/call", `{"properties":{"a":{"x-mcp-header":"A"},"b":{"x-mcp-header":"a"}}}`, `{"name":"t","arguments":{"a":true,"b":"=?base64?eA==?="}}`},
		{"resources/read", `{}`, `{"uri":"file:///\u0007"}`},
		{"prompts/get", `{}`, `{"name":" x "}`},
		{"x\r\ny", `{}`, `{}`},
	} {
		f.Add(s.method, s.schema, s.params)
	}
	oracle := &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return nil, errHeadersSent }}
	f.Fuzz(func(t *testing.T, method, schema, params string) {
		_ = HeaderProblem(json.RawMessage(schema))
		h := http.Header{}
		tool := &Tool{Name: "t", InputSchema: json.RawMessage(schema)}
		tool.readParamHeaders()
		mirrorHeaders(h, method, json.RawMessage(params), tool)
		req, err := http.NewRequest("POST", "http://127.0.0.1:9600/mcp", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header = h
		if _, err := oracle.RoundTrip(req); !errors.Is(err, errHeadersSent) {
			t.Fatalf("mirrorHeaders(%q, %s, %s) = %q, which net/http refuses: %v", method, schema, params, h, err)
		}
		if got := decodeHeaderValue(h.Get("Mcp-Method")); got != method {
			t.Fatalf("Mcp-Method %q reads back as %q, not %q", h.Get("Mcp-Method"), got, method)
		}
	})
}

// decodeHeaderValue reads a mirrored value as a server does.
func decodeHeaderValue(v string) string {
	if strings.HasPrefix(v, "=?base64?") && strings.HasSuffix(v, "?=") {
		b, err := base64.StdEncoding.DecodeString(v[len("=?base64?") : len(v)-2])
		if err == nil {
			return string(b)
		}
	}
	return v
}
