package mcp

import (
	"fmt"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Every server request of a flood ends with our answer or an error on it
// saying why it went unanswered: before, only the first and every
// hundredth dropped one said so, and the rest read as waiting for our
// answer (a "pending" row) for as long as the session lasted.
func TestEveryFloodedServerRequestEnds(t *testing.T) {
	const flood = 1500
	release := make(chan struct{})
	var releaseOnce sync.Once
	handle := func(c *mcptest.Call) {
		if c.Kind != mcptest.KindResponse {
			c.Default()
			return
		}
		select {
		case <-release:
		case <-c.Request.Context().Done():
		}
	}
	srv, s, rec := dial(t, mcptest.Options{Handle: handle}, Config{})
	defer s.Close()
	defer releaseOnce.Do(func() { close(release) })
	floodWithPings(t, srv, flood)
	last := rec.waitFor(t, "the flood's last request", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassServerRequest && r.RPC.ID == fmt.Sprint(flood)
	})
	rec.waitFor(t, "the flood's last request said to be unanswered", func(r Record) bool {
		return r.Kind == KindError && r.Error.Op == OpReply && r.Error.ReqSeq == last.Seq && r.Error.Cause == CauseFlooded
	})
	ended := map[int64]bool{}
	for _, r := range rec.all() {
		switch {
		case r.Kind == KindSent && r.RPC.Class == ClassReply:
			ended[r.RPC.ReqSeq] = true
		case r.Kind == KindError && r.Error.Op == OpReply:
			ended[r.Error.ReqSeq] = true
		}
	}
	open := 0
	for _, r := range rec.all() {
		if r.Kind == KindReceived && r.RPC.Class == ClassServerRequest && !ended[r.Seq] {
			open++
		}
	}
	if open > 0 {
		t.Errorf("%d of the %d server requests have neither our answer nor an error saying why not", open, flood)
	}
}
