package main

import (
	"net/http"
	"strings"
	"testing"
)

// A batch of three requests sharing one id that upstream refused was said
// "post batch of 1 request": the proxy pairs answers by id, and one id
// was one request waiting. The line counts the batch's requests, and says
// their ids are shared, which is why no answer of theirs can be told
// apart.
func TestProxyHeadlessCountsABatchsRequestsSharingAnID(t *testing.T) {
	up := batchRefusingUpstream(t)
	h := startHeadless(t, up.URL+"/mcp", proxyFlags{})
	sid := initializeVia(t, h.run.base, "batcher")
	resp := postVia(t, h.run.base, sid, "batcher", `[{"jsonrpc":"2.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"prompts/list"}]`)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("the batch got %s, want upstream's 400 relayed", resp.Status)
	}
	h.stop()
	out := h.errw.String()
	if !strings.Contains(out, "post batch of 3 requests") || !strings.Contains(out, "sharing ids (id=7 ×3)") {
		t.Errorf("the refused batch is not said as 3 requests sharing id 7:\n%s", out)
	}
}
