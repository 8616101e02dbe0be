package main

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"
)

// earlyGet opens a client's GET stream at the proxy at base, as a client
// does before or without an initialize, and returns the status it was
// answered with. ua names the client in User-Agent (Go's own when empty),
// so a test can find each GET in the recordings. The GET is bounded.
func earlyGet(t *testing.T, base, ua string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	if ua != "" {
		req.Header.Set("User-Agent", ua)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// The proxy gives the answer's last byte only once it has logged what
	// it made of the answer: read to the end, so a stop or a check that
	// follows comes after that, where closing at once could cut the answer
	// off before the proxy had relayed (and logged) it.
	_, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("reading the answer to the GET: %v", err)
	}
	return resp.StatusCode
}
