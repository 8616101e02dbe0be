package mcp

import (
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A caller learns the Seq of every request its context sent, so it can
// tell its own rows from others'.
func TestOnSentReportsTheRequestsSeq(t *testing.T) {
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{NoGetStream: true})
	var mu sync.Mutex
	var seqs []int64
	ctx := OnSent(testCtx(t), func(seq int64) {
		mu.Lock()
		seqs = append(seqs, seq)
		mu.Unlock()
	})
	resp, err := s.Request(ctx, "tools/list", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Request(testCtx(t), "tools/list", nil); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seqs) != 1 || seqs[0] != resp.ReqSeq {
		t.Errorf("OnSent saw %v, want only [%d], the request sent with its context", seqs, resp.ReqSeq)
	}
}
