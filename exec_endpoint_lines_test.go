package main

import (
	"strings"
	"testing"
)

// An endpoint event whose URI came on two data: lines (joined, as SSE
// joins them, with a newline) says so once, in words, not as net/url's
// error quoting the data a second time.
func TestExecSaysAnEndpointOnTwoDataLines(t *testing.T) {
	stateDir(t)
	url := legacyStream(t, "event: endpoint\ndata: /message\ndata: ?sessionid=1\n\n")
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", url, "tools/list")
	const want = `the endpoint event's data "/message\n?sessionid=1" is not a URI: it came on 2 data: lines, which an event joins with a newline, and a URI is one line`
	if code != exitConnect || !strings.Contains(errOut, want) || strings.Contains(errOut, "net/url") {
		t.Errorf("exit %d, want %d and %q\n%s", code, exitConnect, want, errOut)
	}
}
