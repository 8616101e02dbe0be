package proxy

// A session whose id upstream no longer knows (404, or the TypeScript
// SDK's 400 "no valid session") is done, but its client may not know it:
// a client that keeps sending with the dead id (a retry loop, a client
// that ignores the 404) made a new session and a new recording of each
// request, a thousand files for a thousand retries. So the session stays
// for earlyWait after the last such answer: the client's requests with
// that id that come within it go in it, each answered as upstream answers
// it, and the session ends once they stop, unless upstream takes the id
// again meanwhile (accepted).

// endWhenQuiet ends session c, its id gone upstream, for why, once no
// request of it has come within earlyWait; a request that comes meanwhile
// and is answered gone too waits anew.
func (c *Client) endWhenQuiet(why string) {
	c.waitWhile(func() bool { return true }, c.p.earlyWait, func() { c.end(why) })
}
