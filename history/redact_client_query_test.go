package history

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's own key in its request's query (ClientQuery), one it
// sent after the session began ("?api_key=" refreshed), is learnt as its
// Authorization is: the request's URL shows "api_key=[redacted]", and a
// server echoing the key in a later answer does not put it in the file.
// Without ClientQuery (exec's recordings) a query the server chose (a
// legacy endpoint's) is kept as the server sent it.
func TestRecordingLearnsClientQueryCredential(t *testing.T) {
	const key = "client-key-refreshed-9911"
	now := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	recs := []mcp.Record{
		{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST",
			URL: "http://127.0.0.1:9961/mcp?api_key=" + key, Status: 200}},
		{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "2",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"your key is ` + key + `"}]}}`)}},
	}
	h := Header{URL: "http://127.0.0.1:9962/mcp?api_key=first-key-0000", Started: now}
	for _, proxied := range []bool{true, false} {
		b, err := os.ReadFile(recordAs(t, h, recs, RecordOptions{ClientQuery: proxied}))
		if err != nil {
			t.Fatal(err)
		}
		hidden := !strings.Contains(string(b), key) && strings.Contains(string(b), "/mcp?api_key=[redacted]")
		if hidden != proxied {
			t.Errorf("ClientQuery %v: the key hidden is %v:\n%s", proxied, hidden, b)
		}
	}
}
