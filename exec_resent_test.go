package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec says on stderr that its tools/list went out twice: the server read
// it on the kept-alive connection and closed it without answering, and
// net/http sent it again on a new one. Its answer alone read as one POST.
func TestExecSaysAPostWasSentAgain(t *testing.T) {
	url, _ := mcptest.RawClosesOnce(t, `"tools/list"`)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", url+"/mcp", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	want := "resent: POST " + url + "/mcp sent again on a new connection: the server had closed the kept-alive one without answering"
	if n := strings.Count(errOut, want); n != 1 {
		t.Errorf("stderr says %q %d times, want once:\n%s", want, n, errOut)
	}
}
