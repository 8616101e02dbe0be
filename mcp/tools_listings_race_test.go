package mcp

import (
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// listingsServer is a streamable fake whose first tools/list is answered
// only once release is closed, with the tool "old", and whose later ones
// are answered at once with the tool "new": the list changed between.
// firstIn is closed once the first has come.
func listingsServer(t *testing.T, release <-chan struct{}) (srv *mcptest.StreamableServer, firstIn <-chan struct{}) {
	in := make(chan struct{})
	var n atomic.Int32
	srv = mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		name := "new"
		if n.Add(1) == 1 {
			close(in)
			select {
			case <-release:
			case <-x.Context().Done():
				return
			}
			name = "old"
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[{"name":"` + name + `","inputSchema":{"type":"object"}}]}}`)
	})
	return srv, in
}

// Two tools/list listings at once (l pressed twice, or a listing and the
// re-list after list_changed) end in either order: the session knows the
// tools of the one that began last. The older one's answer, which came
// last, undid what the newer learnt, and calls were typed by a list the
// server had replaced.
func TestOlderListingDoesNotUndoNewer(t *testing.T) {
	for _, how := range []string{"ListTools", "Request"} {
		t.Run(how, func(t *testing.T) {
			release := make(chan struct{})
			srv, firstIn := listingsServer(t, release)
			s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, NoGetStream: true})
			t.Cleanup(func() { s.Close() })
			ctx := testCtx(t)
			if err := s.Connect(ctx); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			if _, err := s.Initialize(ctx); err != nil {
				t.Fatalf("Initialize: %v", err)
			}
			list := func() error {
				if how == "Request" {
					_, err := Checked(s.Request(ctx, "tools/list", nil))
					return err
				}
				_, _, err := s.ListTools(ctx, true)
				return err
			}
			older := make(chan error, 1)
			go func() { older <- list() }()
			select {
			case <-firstIn:
			case <-ctx.Done():
				t.Fatal("the first tools/list never came")
			}
			if err := list(); err != nil {
				t.Fatalf("the newer tools/list: %v", err)
			}
			close(release)
			if err := <-older; err != nil {
				t.Fatalf("the older tools/list: %v", err)
			}
			if got := toolNames(s.Tools()); len(got) != 1 || got[0] != "new" {
				t.Errorf("the session knows the tools %q, want the newer listing's [new]", got)
			}
		})
	}
}
