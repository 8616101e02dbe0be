package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A token made of hex digits matches inside a JSON \uXXXX escape of the
// server's answer ("\u00000000" is NUL and "0000"): redacting it there
// left "\u[redacted]", an answer that is no JSON, which a re-run judges
// unreadable. The recorded answer stays JSON, and the token it does echo
// is redacted.
func TestRecordingRedactsNoTokenInsideAnEscape(t *testing.T) {
	const tok = "00000000"
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "tools/call" {
			c.Default()
			return
		}
		c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":{"content":[` +
			`{"type":"text","text":"\u00000000"},{"type":"text","text":"you sent 00000000"}]}}`)
	}})
	path := filepath.Join(t.TempDir(), "r.jsonl")
	out, errOut, code := run(t, "exec", "--record", path, "--no-listen", "-H", "Authorization: Bearer "+tok, srv.SSEURL(), "tools/call echo")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	seen := 0
	for _, rec := range readRecording(t, path) {
		if rec.RPC == nil || rec.RPC.Class != mcp.ClassResponse || !strings.Contains(string(rec.RPC.Raw), "content") {
			continue
		}
		seen++
		var answer struct {
			Result struct {
				Content []struct{ Text string } `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(rec.RPC.Raw), &answer); err != nil {
			t.Fatalf("the recorded answer is no JSON (%v): %s", err, rec.RPC.Raw)
		}
		var texts []string
		for _, c := range answer.Result.Content {
			texts = append(texts, c.Text)
		}
		if want := []string{"\x000000", "you sent " + history.Redacted}; strings.Join(texts, "|") != strings.Join(want, "|") {
			t.Errorf("the recorded answer reads %q, want %q: %s", texts, want, rec.RPC.Raw)
		}
	}
	if seen != 1 {
		t.Fatalf("the recording holds %d answers to tools/call, want 1", seen)
	}
}
