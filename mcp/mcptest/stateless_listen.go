package mcptest

import (
	"context"
	"encoding/json"
	"sync"
)

// Listener is one open subscriptions/listen stream of a StatelessServer.
type Listener struct {
	// ID is the listen request's JSON-RPC id, which tags every notification
	// on the stream as _meta io.modelcontextprotocol/subscriptionId.
	ID json.RawMessage
	// Subscriptions are the notifications the server agreed to send, as
	// acknowledged: toolsListChanged, resourcesListChanged,
	// promptsListChanged.
	Subscriptions map[string]bool
	// Resources are the resourceSubscriptions acknowledged: the URIs
	// asked for, or none with StatelessOptions.NoResourceSubscriptions.
	Resources []string

	x    *Exchange
	stop chan struct{} // closed by Drop or End
	once sync.Once
	end  bool // End: send a result before the stream ends
	done chan struct{}
}

// listKinds maps a list kind to its subscription flag.
var listKinds = map[string]string{
	"tools":     "toolsListChanged",
	"resources": "resourcesListChanged",
	"prompts":   "promptsListChanged",
}

// listen serves subscriptions/listen: it acknowledges, registers the
// stream and holds it open until the client closes it, a test drops or
// ends it, or the server closes.
func (s *StatelessServer) listen(x *Exchange) {
	var p struct {
		Notifications map[string]json.RawMessage `json:"notifications"`
	}
	_ = json.Unmarshal(x.Params, &p) // No params subscribe to nothing.
	l := &Listener{ID: x.ID, Subscriptions: map[string]bool{}, x: x, stop: make(chan struct{}), done: make(chan struct{})}
	acked := map[string]any{}
	for _, flag := range listKinds {
		var want bool
		if json.Unmarshal(p.Notifications[flag], &want) == nil && want {
			l.Subscriptions[flag] = true
			acked[flag] = true
		}
	}
	if !s.opts.NoResourceSubscriptions {
		_ = json.Unmarshal(p.Notifications["resourceSubscriptions"], &l.Resources)
		if len(l.Resources) > 0 {
			acked["resourceSubscriptions"] = l.Resources
		}
	}
	tag := map[string]any{metaSubscriptionID: x.ID}
	x.SSE()
	// Acknowledged and registered under one lock: a client whose next
	// request, sent as soon as it reads the acknowledgement, sets off a
	// list change finds the stream among the listeners, as it would on a
	// server that knows the stream before it says so.
	s.mu.Lock()
	_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"notifications": acked, "_meta": tag})
	s.listeners = append(s.listeners, l)
	s.mu.Unlock()
	s.j.touch()
	defer close(l.done)

	keepAlives := tick(s.opts.KeepAliveEvery)
	defer keepAlives.Stop()
	for {
		select {
		case <-keepAlives.C:
			if l.KeepAlive() != nil {
				return
			}
		case <-l.stop:
			if l.end {
				x.Result(map[string]any{"_meta": tag})
			}
			return
		case <-x.Context().Done():
			return
		}
	}
}

// WaitListen returns the next listen stream opened after the ones already
// returned, once its acknowledgement was written.
func (s *StatelessServer) WaitListen(ctx context.Context) (*Listener, error) {
	return waitNext(ctx, s.j, &s.mu, &s.listeners, &s.nextListener)
}

// Listeners returns every listen stream opened so far, open or ended.
func (s *StatelessServer) Listeners() []*Listener {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Listener(nil), s.listeners...)
}

// ListChanged sends notifications/{kind}/list_changed ("tools",
// "resources" or "prompts") on every open listen stream subscribed to it.
func (s *StatelessServer) ListChanged(kind string) {
	for _, l := range s.Listeners() {
		_ = l.ListChanged(kind) // A stream that ended just misses it.
	}
}

// ListChanged sends notifications/{kind}/list_changed on this stream if it
// subscribed to that kind; it reports a write error.
func (l *Listener) ListChanged(kind string) error {
	if !l.Subscriptions[listKinds[kind]] {
		return nil
	}
	select {
	case <-l.done:
		return ErrClosed
	default:
	}
	return l.x.Notify("notifications/"+kind+"/list_changed", map[string]any{"_meta": map[string]any{metaSubscriptionID: l.ID}})
}

// KeepAlive writes the comment ": keepalive\n\n" on the stream now.
func (l *Listener) KeepAlive() error { return l.x.WriteRaw(": keepalive\n\n") }

// Drop ends the stream without a result, as a server restart or a proxy
// timeout would; the client should open another.
func (l *Listener) Drop() { l.once.Do(func() { close(l.stop) }) }

// End ends the stream gracefully: the listen request's result, then the
// end of the stream.
func (l *Listener) End() {
	l.once.Do(func() {
		l.end = true
		close(l.stop)
	})
}

// Done is closed once the stream has ended, whoever ended it.
func (l *Listener) Done() <-chan struct{} { return l.done }

// ListenWithoutAck is a StatelessOptions.Handle for a server that opens
// every subscriptions/listen stream and never acknowledges it, holding it
// open until the client closes it; anything else is answered by Default.
func ListenWithoutAck(x *Exchange) {
	if x.Method != "subscriptions/listen" {
		x.Default()
		return
	}
	x.SSE()
	_ = x.FlushHeaders()
	<-x.Context().Done()
}

// AckListenAfter is a StatelessOptions.Handle for a server slow to
// acknowledge: each subscriptions/listen stream opens at once (its
// headers go out), arrived is told of it, and it is acknowledged and
// served as by default only once ack is closed; anything else is answered
// by Default.
func AckListenAfter(arrived chan<- struct{}, ack <-chan struct{}) func(x *Exchange) {
	return HandleMethod("subscriptions/listen", func(x *Exchange) {
		_ = x.FlushHeaders()
		select {
		case arrived <- struct{}{}:
		case <-x.Context().Done():
			return
		}
		select {
		case <-ack:
			x.Default()
		case <-x.Context().Done():
		}
	})
}
