package history

import (
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// onRelay files the client's leg of an exchange a proxy relayed: the
// negotiation keeps how the client came in, and the request's row the time
// the proxy added (the client's wait for the answer's headers less
// upstream's).
func (l *Log) onRelay(r *mcp.Record) {
	if l.neg.client == nil {
		l.neg.client = r.HTTP
		l.neg.dirty = true
	}
	if r.HTTP.ReqSeq == 0 {
		return
	}
	i, p := l.row(r.HTTP.ReqSeq)
	if p == nil {
		return
	}
	defer l.views.refresh(l, i)
	p.wired().relay = l.cur
	if p.wireOf().post != 0 {
		p.extra().proxyAdded = ProxyAdded(p.wireOf().postLatency, r.HTTP.Duration)
	}
}

// ProxyAdded is the time a proxy added to an exchange: the client's wait
// for the answer's headers (relay, its leg's duration) less upstream's
// (upstream, the leg the proxy sent).
func ProxyAdded(upstream, relay time.Duration) time.Duration {
	return max(relay-upstream, 0)
}
