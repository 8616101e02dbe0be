package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An address typed without a scheme but with a user and password
// (ann:pw@127.0.0.1:PORT/sse) is the server to talk to, as it is with the
// scheme: not a command, whose method would carry the password, and not a
// reason to talk to the demo gateway. --json prints no password.
func TestExecTakesUserinfoWithoutASchemeAsTheServer(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	addr := strings.Replace(srv.SSEURL(), "http://", "ann:secretpw99@", 1)
	out, errOut, code := run(t, "exec", "--no-record", "--json", addr, "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d, want the fake's tools listed\n%s", code, errOut)
	}
	if !strings.Contains(out, `\"name\":\"echo\"`) && !strings.Contains(out, `"name":"echo"`) {
		t.Errorf("the output lists no echo tool: the address did not reach the fake\n%.2000s", out)
	}
	if strings.Contains(out, "secretpw99") {
		i := strings.Index(out, "secretpw99")
		t.Errorf("the password is printed: …%s…", out[max(0, i-120):i+20])
	}
}
