package mcptest

import (
	"context"
	"net/http"
	"testing"
)

// A DELETE held by DeleteAfter that the client gives up on ends its handler
// then, recorded as cancelled with the session left open: the handler slept
// out the whole hold, outliving the client and the test.
func TestStreamableHeldDeleteEndsWhenTheClientGoes(t *testing.T) {
	srv := NewStreamable(t, StreamableOptions{SessionID: fixedID, DeleteAfter: 2 * testTimeout})
	open(t, srv)
	ctx, cancel := context.WithCancel(waitCtx(t))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, srv.Endpoint(), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = hdr("Mcp-Session-Id", "ID1")
	sent := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		sent <- err
	}()
	isDelete := func(r Request) bool { return r.Method == http.MethodDelete }
	if _, err := srv.WaitRequest(waitCtx(t), isDelete); err != nil {
		t.Fatalf("the DELETE did not arrive: %v", err)
	}
	cancel()
	if err := <-sent; err == nil {
		t.Fatal("the DELETE given up on was answered, want no answer")
	}
	got, err := srv.WaitRequest(waitCtx(t), func(r Request) bool { return isDelete(r) && r.Ended })
	if err != nil {
		t.Fatalf("the DELETE's handler did not end when the client gave up: %v", err)
	}
	if !got.Cancelled || got.Status != 0 {
		t.Errorf("the DELETE given up on is recorded Cancelled %v with status %d, want cancelled and unanswered", got.Cancelled, got.Status)
	}
	if srv.Sessions()[0].Deleted() {
		t.Error("Deleted() = true after a DELETE given up on before its answer")
	}
}
