package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that answers an id the server never asked (or answers a server
// request a second time) was printed "→ reply to server request id=4242",
// as if upstream had asked it something. The line now says no server
// request waited on that id.
func TestProxyHeadlessSaysAStrayReplyAnswersNothing(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	sendStrayReply(t, h.run.base+"/mcp")
	h.stop()

	out := h.errw.String()
	if strings.Contains(out, "reply to server request id=4242") {
		t.Errorf("stderr says the client replied to a server request with id 4242, which upstream never sent:\n%.3000s", out)
	}
	if !strings.Contains(out, "→ reply to no server request waiting (never asked, or answered already) id=4242") {
		t.Errorf("stderr does not say the reply answers no server request:\n%.3000s", out)
	}
	recording := onlyRecording(t, h.dir)
	md, errOut, code := run(t, "export", recording)
	if code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	if !strings.Contains(md, "reply to no server request (never asked, or answered already): answered") {
		t.Errorf("the export does not title the stray reply as answering no server request:\n%.3000s", md)
	}
}
