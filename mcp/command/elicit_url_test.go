package command

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

func TestURLCaution(t *testing.T) {
	for _, c := range []struct{ raw, host, caution string }{
		{"https://example.com/login?x=1", "example.com", ""},
		{"http://127.0.0.1:8080/cb", "127.0.0.1", ""},
		{"JavaScript:alert(1)", "", "a javascript: URL, not http(s): do not open it"},
		{"data:text/html,<script>alert(1)</script>", "", "a data: URL, not http(s): do not open it"},
		{"file:///etc/passwd", "", "a file: URL, not http(s): do not open it"},
		{"//evil.example/x", "", "it has no scheme (http or https): do not open it"},
		{"https:///path", "", "it names no host: do not open it"},
		{"https://bank.example:pw@evil.example/", "evil.example", "it opens evil.example: what comes before the @ is a user name, not the host"},
		{"https://exa\x1bmple.com/", "", "it is no URL: do not open it"},
		{"", "", "it is no URL: do not open it"},
		{"https://evil\u202e.example/x", "", "it holds characters that are not shown, so what is printed is not what it opens: do not open it"},
		{"https://bank.example/\u200blogin", "", "it holds characters that are not shown, so what is printed is not what it opens: do not open it"},
		{"https://\u0430pple.com/", "\u0430pple.com", "its host \u0430pple.com has letters outside ASCII, which can look like another host's"},
		{"https://example.com/caf\u00e9", "example.com", ""},
	} {
		host, caution := URLCaution(c.raw)
		if host != c.host || caution != c.caution {
			t.Errorf("URLCaution(%q) = %q, %q; want %q, %q", c.raw, host, caution, c.host, c.caution)
		}
	}
}

// A form whose schema nests deeper than encoding/json reads (10,000
// levels) keeps its message and its readable fields: the description
// names them, and an answer is still checked against them.
func TestDeepElicitationKeepsItsForm(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 6000) + `{"type":"string"}` + strings.Repeat(`}}`, 6000)
	params := json.RawMessage(`{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"deep":` + deep + `},"required":["name"]}}`)
	req := mcp.InputRequest{Method: "elicitation/create", Params: params}
	if d := Describe(req); !strings.HasPrefix(d, "Deploy? — accept name*: string") {
		t.Errorf("Describe = %.200q, want the message and the field name", d)
	}
	_, warns, err := ParseAnswer(req, "accept")
	if err != nil || len(warns) == 0 || !strings.Contains(warns[0].String(), "name") {
		t.Errorf("ParseAnswer(accept) = %v, %v; want a warning that name is missing", warns, err)
	}
}
