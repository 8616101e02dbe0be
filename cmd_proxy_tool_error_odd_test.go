package main

import (
	"regexp"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Upstream answers a tools/call with isError "yes", not a boolean: the
// headless proxy's line for the answer says so after its "ok", as exec
// and the TUI do, instead of a plain "ok" over what the server may have
// meant as a failure.
func TestProxyHeadlessSaysAnIsErrorThatIsNotABoolean(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"it broke"}],"isError":"yes"}}`)
	})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	if out, errOut, code := run(t, "exec", "--no-record", h.run.base+"/mcp", "tools/call echo text=hi"); code != exitOK {
		t.Fatalf("exec through the proxy: exit %d\n%s\n%s", code, out, errOut)
	}
	h.stop()
	line := regexp.MustCompile(`← tools/call echo id=\S+ ok [^\n]* — isError "yes" is not a boolean: read as no error\n`)
	if out := h.errw.String(); !line.MatchString(out) {
		t.Errorf("no line says the answer's isError is not a boolean:\n%.3000s", out)
	}
}
