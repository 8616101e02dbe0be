package mcptest

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// A held POST whose client goes while HoldMethod's arrived is full (its
// test read fewer arrivals than came) ends its handler, where the handler
// stayed blocked on its send for the rest of the run.
func TestHoldMethodEndsWithArrivedFull(t *testing.T) {
	arrived := make(chan struct{}, 1)
	hold := HoldMethod("tools/call", arrived)
	returned := make(chan struct{}, 2)
	srv := NewStateless(t, StatelessOptions{Handle: func(x *Exchange) {
		hold(x)
		returned <- struct{}{}
	}})
	// Were a handler still sending, this lets it go, so that a failure
	// ends this test and leaves nothing blocked behind it.
	t.Cleanup(func() {
		select {
		case <-arrived:
		default:
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := modern(1, "tools/call", `{"name":"echo"}`)
	for range 2 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.Endpoint(), strings.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header = r.header.Clone()
		go func() {
			if resp, err := http.DefaultClient.Do(req); err == nil {
				_ = resp.Body.Close()
			}
		}()
	}
	wait := waitCtx(t)
	if _, err := srv.WaitRequest(wait, func(r Request) bool { return r.Is("tools/call") && r.Seq == 2 }); err != nil {
		t.Fatalf("the two held POSTs did not both arrive: %v", err)
	}
	cancel()
	for i := range 2 {
		select {
		case <-returned:
		case <-wait.Done():
			t.Fatalf("%d of the 2 held handlers returned once their clients went; the other is still sending on a full arrived", i)
		}
	}
}
