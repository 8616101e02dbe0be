package history

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client signing every request afresh ("?sig=" new each time)
// and sending its bearer token every few requests: the token, learnt
// first, was the oldest of the learnt credentials however often it came
// again, so the fresh signatures pushed it out, and a server echoing it
// before the client sent it again put it in the recording. A token seen
// again is the newest, and no echo of it is recorded.
func TestLearntTokenSeenAgainIsKept(t *testing.T) {
	const bearer = "bearer-kept-sent-again-7731"
	now := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	var recs []mcp.Record
	add := func(r mcp.Record) {
		r.Seq, r.Time = int64(len(recs)+1), now
		recs = append(recs, r)
	}
	for i := range 4 * maxLearned {
		ex := &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200,
			URL: fmt.Sprintf("http://127.0.0.1:9863/mcp?sig=signature-%04d", i)}
		if i%4 == 0 {
			ex.RequestHeaders = map[string][]string{"Authorization": {"Bearer " + bearer}}
		}
		add(mcp.Record{Kind: mcp.KindHTTP, HTTP: ex})
		add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: fmt.Sprint(i),
			Raw: mcp.Raw(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"you are %s"}]}}`, i, bearer))}})
	}
	b, err := os.ReadFile(recordAs(t, Header{URL: "http://127.0.0.1:9863/mcp", Started: now}, recs, RecordOptions{ClientQuery: true}))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), bearer); n > 0 {
		t.Errorf("the bearer token the client kept sending is in the recording %d times, want it redacted in every echo", n)
	}
	if strings.Contains(string(b), "signature-0000") {
		t.Error("the first signature is in the recording, want every query credential redacted")
	}
}
