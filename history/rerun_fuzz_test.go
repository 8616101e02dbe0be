package history

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/sanitize/sanitizetest"
	"github.com/mcpscope/mcpscope/mcp"
)

// FuzzRerunRecording: a hostile, damaged or truncated recording given to
// replay --against is re-run to its end without a panic or a wait that
// does not end: what it re-runs is at most what it recorded, the answers
// it gives the server from the recording are JSON, and the report it
// prints is safe on a terminal.
func FuzzRerunRecording(f *testing.F) {
	v1, err := os.ReadFile("testdata/v1-session.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(v1)
	f.Add(v1[:len(v1)*2/3])
	for _, body := range []string{
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"1","method":"tools/call","tool":"t\u001b[2J","raw":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"t\",\"task\":{}}}"}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"response","id":"1","req_seq":1,"raw":"{\"id\":1,\"result\":{\"task\":{\"taskId\":\"x\",\"status\":\"working\"}}}"}}
{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"2","method":"tasks/result","raw":"{\"id\":2,\"method\":\"tasks/result\",\"params\":{\"taskId\":\"x\"}}"}}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"received","rpc":{"dir":"in","class":"server-request","id":"5","method":"elicitation/create","raw":"{\"id\":5,\"method\":\"elicitation/create\",\"params\":{\"message\":\"\u202e?\"}}"}}
{"seq":2,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"reply","id":"5","req_seq":1,"raw":"{\"id\":5,\"result\":{\"action\":\"accept\",\"content\":[[[[[[1]]]]]]}}"}}
{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"1","method":"roots/list","raw":"{\"id\":1,\"method\":\"initialize\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":7}}}"}}
{"seq":4,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"notification","method":"notifications/roots/list_changed","raw":"{\"method\":\"notifications/roots/list_changed\"}"}}`,
		`{"seq":1,"time":"2026-11-20T21:57:41Z","kind":"sent","rpc":{"dir":"out","class":"request","id":"1","method":"server/discover","raw":"[1,2"}}` + "\n\x00",
	} {
		f.Add([]byte(fuzzHeader + body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		if err := os.WriteFile(path, body, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := Open(path)
		if err != nil {
			return
		}
		defer r.Close()
		var recs []mcp.Record
		sent := 0
		for range strings.Count(string(body), "\n") + 1 {
			rec, err := r.Next()
			if err != nil {
				break
			}
			if rec.Kind == mcp.KindSent {
				sent++
			}
			recs = append(recs, rec)
		}
		f, err := OpenRerun(path)
		if err != nil {
			return
		}
		defer f.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		// nil when the recording holds no answer of the user's.
		answers := f.Answers()
		for _, method := range []string{"elicitation/create", "sampling/createMessage", "roots/list", "x"} {
			for _, rec := range recs {
				if answers == nil || rec.RPC == nil || rec.RPC.Method != method {
					continue
				}
				ans, err := answers.Answer(ctx, mcp.InputRequest{Method: method, Params: paramsOf(rec.RPC.Raw)})
				if err == nil && !json.Valid(ans) {
					t.Fatalf("the recorded answer to %s is %q, not JSON", method, ans)
				}
			}
		}
		f.Roots()
		var results []RerunResult
		if _, err := f.Rerun(ctx, &echoSender{}, nil, RecordOptions{}, "", func(r RerunResult) { results = append(results, r) }); err != nil {
			t.Fatalf("re-run of the file: %v", err)
		}
		if ctx.Err() != nil {
			t.Fatalf("the re-run of %d records did not end in 10s", len(recs))
		}
		if len(results) > sent {
			t.Fatalf("the re-run gave %d results for %d sent records", len(results), sent)
		}
		sanitizetest.Check(t, "renderRerun", renderRerun(results, 80), true)
		out, err := json.Marshal(results)
		if err != nil || !json.Valid(out) {
			t.Fatalf("the re-run's results do not marshal: %v", err)
		}
	})
}
