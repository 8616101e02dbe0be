package command

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call whose tool is listed first (to type its arguments) and that the
// user gives up on while the listing waits (ctrl+c in exec) is not sent:
// it was sent anyway, with "sending anyway" said of a listing that only
// failed because the user stopped it, and a tool with side effects ran
// after the user said stop.
func TestRunCallInterruptedWhileListingIsNotSent(t *testing.T) {
	interruptedWhileListing(t, "tools/list", "tools/call greet name=Ann", "tools/call")
}

// prompts/get lists the prompts first as tools/call lists the tools, and
// is not sent either once the user gave up on that listing.
func TestRunPromptInterruptedWhileListingIsNotSent(t *testing.T) {
	interruptedWhileListing(t, "prompts/list", "prompts/get review language=go", "prompts/get")
}

// interruptedWhileListing runs line on a server that holds every request
// of listing unanswered, cancels the run once the listing arrived, and
// checks that the run ended cancelled, warned of no "sending anyway", and
// that no request of method was ever sent.
func interruptedWhileListing(t *testing.T, listing, line, method string) {
	t.Helper()
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HoldMethod(listing, arrived)})
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), ClientName: "mcpscope-test", ClientVersion: "0"})
	var recs []mcp.Record
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		for batch := range s.Records() {
			recs = append(recs, batch...)
		}
	}()
	open, cancelOpen := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelOpen()
	if err := s.Connect(open); err != nil {
		t.Fatal(err)
	}
	if s.InitializeResult() == nil {
		if _, err := s.Initialize(open); err != nil {
			t.Fatal(err)
		}
	}
	c, err := ParseCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	ctx, interrupt := context.WithCancel(open)
	type ran struct {
		warnings []ArgWarning
		err      error
	}
	done := make(chan ran, 1)
	go func() {
		_, w, err := Run(ctx, s, c)
		done <- ran{w, err}
	}()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s never reached the server", listing)
	}
	interrupt()
	var got ran
	select {
	case got = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the interrupt")
	}
	s.Close()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the record stream did not end after Close")
	}
	if !errors.Is(got.err, context.Canceled) {
		t.Errorf("Run = %v, want context.Canceled", got.err)
	}
	for _, w := range got.warnings {
		if strings.Contains(w.Message, "sending anyway") {
			t.Errorf("warned %q for a request the user stopped", w.Message)
		}
	}
	for _, r := range recs {
		if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == method {
			t.Fatalf("%s was sent after the interrupt: %s", method, r.RPC.Raw)
		}
	}
}
