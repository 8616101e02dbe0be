package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Upstream answers a tools/call with structuredContent that breaks the
// outputSchema it listed the tool with: the headless proxy's line for the
// answer says how after its "ok", as exec and the TUI do; an answer that
// keeps to it is a plain "ok".
func TestProxyHeadlessSaysStructuredContentBreaksOutputSchema(t *testing.T) {
	cases := []struct{ name, result, want string }{
		{"breaks", `{"content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`,
			` — structuredContent breaks the outputSchema: at /properties/count: type: three has type "string", want "integer"` + "\n"},
		{"keeps to it", `{"content":[{"type":"text","text":"3"}],"structuredContent":{"count":3}}`, "\n"},
	}
	for _, c := range cases {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.OutputSchemaTool(reportSchema, c.result)})
		h := startHeadless(t, srv.Endpoint(), proxyFlags{})
		if out, errOut, code := run(t, "exec", "--no-record", h.run.base+"/mcp", "tools/list", "tools/call report"); code != exitOK {
			t.Fatalf("%s: exec through the proxy: exit %d\n%s\n%s", c.name, code, out, errOut)
		}
		h.stop()
		line := regexp.MustCompile(`← tools/call report id=\S+ ok [^\n—]*` + regexp.QuoteMeta(c.want))
		if out := h.errw.String(); !line.MatchString(out) || c.want == "\n" && strings.Contains(out, "outputSchema:") {
			t.Errorf("%s: no line says %q after the answer's ok:\n%.3000s", c.name, c.want, out)
		}
	}
}
