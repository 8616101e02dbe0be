package mcp

import "net/url"

// PurposeRelay marks the client's leg of an exchange the proxy relayed: the
// request as the client sent it to the proxy (URL and headers) and what the
// proxy answered it (status and headers). Its Duration runs from the
// client's message being logged (its sent record's Time; with no message,
// the request reaching the proxy) to the answer's headers leaving it, on
// the clock the answer's time is read on, so it is never more than that;
// the time the proxy added is it minus the upstream leg's Duration (the
// exchange of the same ReqSeq with the purpose of what was relayed).
const PurposeRelay = "relay"

// FailConn ends every request of the client's that still waits on
// connection conn: the stream its answers would have come on is gone (the
// client left, or the server ended it). An answer that comes later is late.
func (o *Observer) FailConn(conn int, op string, err error) {
	o.mu.Lock()
	failed := o.client.abandonConn(conn)
	o.mu.Unlock()
	if len(failed) == 0 {
		return
	}
	// Made once, as FailBatch's: each record shares its words.
	base := ErrorInfoOf(op, err, 0, conn)
	for _, p := range failed {
		info := *base
		info.ReqSeq = p.seq
		o.out.emit(Record{Kind: KindError, Error: &info})
	}
}

// SessionIDOf finds the session id in a legacy message URL's query, under
// any of the spellings servers use, and says which spelling it was.
func SessionIDOf(u *url.URL) (id, param string) { return sessionFromQuery(u.Query()) }

// ServerText is ServerJSON for a body the caller hands over for good: it
// is logged as it is, not copied, so a large answer is held once. strays
// (nil for none) hears of its answers that pair with nothing.
func (o *Observer) ServerText(body string, conn int, reqSeq int64, strays *StreamStrays) {
	in := &inbound{conn: conn, stream: StreamJSON, reqSeq: reqSeq, strays: strays}
	o.serverData(in, nil, body, o.now().Round(0))
}
