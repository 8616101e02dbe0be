package mcptest

import (
	"context"
	"net/http"
	"testing"
	"time"
)

const listenAck = `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged",` +
	`"params":{"_meta":{"io.modelcontextprotocol/subscriptionId":9},"notifications":{"toolsListChanged":true}}}`

// openListen opens a listen stream subscribed to tools list changes.
func openListen(t *testing.T, srv *StatelessServer, ctx context.Context) (*rawStream, *Listener) {
	t.Helper()
	r := modern(9, "subscriptions/listen", `{"notifications":{"toolsListChanged":true,"promptsListChanged":false}}`)
	st := events(t, send(t, ctx, http.MethodPost, srv.Endpoint(), r.header, r.body))
	want(t, "first event", st.message(), listenAck)
	l, err := srv.WaitListen(waitCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	return st, l
}

func TestStatelessListenStream(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	st, l := openListen(t, srv, context.Background())
	if !l.Subscriptions["toolsListChanged"] || len(l.Subscriptions) != 1 || string(l.ID) != "9" {
		t.Errorf("Listener = {ID %s, Subscriptions %v}, want id 9 subscribed to tools only", l.ID, l.Subscriptions)
	}
	srv.ListChanged("prompts") // Not subscribed: nothing on the stream.
	srv.AddTool(FetchTool())
	want(t, "change", st.message(), `{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":9}}}`)
	if err := l.KeepAlive(); err != nil {
		t.Fatal(err)
	}
	want(t, "keep-alive", st.event(), ": keepalive\n\n")
	l.Drop()
	st.eof()
	r := ended(t, srv.WaitRequest, 1)
	if r.Cancelled || r.Answered != 0 {
		t.Errorf("dropped listen recorded Cancelled %v Answered %d, want neither", r.Cancelled, r.Answered)
	}
}

func TestStatelessListenEndsWithResult(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	st, l := openListen(t, srv, context.Background())
	l.End()
	want(t, "result", st.message(), `{"jsonrpc":"2.0","id":9,"result":{"_meta":{"io.modelcontextprotocol/subscriptionId":9},"resultType":"complete"}}`)
	st.eof()
	<-l.Done()
}

func TestStatelessListenKeepAliveTimer(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{KeepAliveEvery: time.Millisecond})
	st, _ := openListen(t, srv, context.Background())
	want(t, "keep-alive", st.event(), ": keepalive\n\n")
}

func TestStatelessListenClosedByClient(t *testing.T) {
	srv := NewStateless(t, StatelessOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	_, l := openListen(t, srv, ctx)
	cancel()
	select {
	case <-l.Done():
	case <-waitCtx(t).Done():
		t.Fatal("the listen handler did not see the client leave")
	}
	if r := ended(t, srv.WaitRequest, 1); !r.Cancelled {
		t.Error("a listen stream closed by the client is not recorded Cancelled")
	}
	if err := l.ListChanged("tools"); err != ErrClosed {
		t.Errorf("ListChanged on an ended stream = %v, want ErrClosed", err)
	}
}
