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

// A stream the server keeps feeding with comments and other events but
// never an endpoint event says, when the wait runs out, that it was open
// and what came: no proxy was holding it back. One that sent nothing does
// not claim so.
func TestExecSaysWhatCameInsteadOfAnEndpoint(t *testing.T) {
	stateDir(t)
	const fed = "the stream was open and the server sent 3 blocks on it (comments or other events), none of them an endpoint event"
	for _, tc := range []struct {
		name, head string
		said       bool
	}{
		{"comments and an event", ": ping\n\n: ping\n\nevent: hello\ndata: hi\n\n", true},
		{"nothing", "", false},
	} {
		url := legacyStream(t, tc.head)
		_, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--endpoint-timeout", "1s", url, "tools/list")
		if code != exitConnect || !strings.Contains(errOut, "no endpoint event within 1s") || strings.Contains(errOut, fed) != tc.said {
			t.Errorf("%s: exit %d, want %d, the wait named, and %q said: %v\n%s", tc.name, code, exitConnect, fed, tc.said, errOut)
		}
	}
}

// An endpoint event whose URI came in a field named "Data" says so, where
// it said only that the event had no data.
func TestExecSaysAnEndpointInDataOfAnotherCase(t *testing.T) {
	stateDir(t)
	url := legacyStream(t, "event: endpoint\nData: /message?sessionid=1\n\n")
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", url, "tools/list")
	const want = `the endpoint event has no data: it carried the URI in a field named "Data", which SSE readers ignore`
	if code != exitConnect || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want %d and %q\n%s", code, exitConnect, want, errOut)
	}
}
