package proxy

import "net/http"

// passThrough relays a request that is no MCP message (a health check, a
// browser's GET /) as it is, in no session: nothing is recorded.
func (p *Proxy) passThrough(w http.ResponseWriter, r *http.Request) {
	body, ok := p.readBody(w, r)
	if !ok {
		return
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead || len(body) == 0 {
		body = nil
	}
	ctx, cancel := p.exchange(w, r)
	defer cancel()
	out, err := p.outbound(ctx, r, body, nil)
	if err == nil {
		var resp *http.Response
		if resp, err = p.client.Do(out); err == nil {
			defer resp.Body.Close()
			for k, v := range resp.Header {
				w.Header()[k] = v
			}
			dropHop(w.Header())
			if loc := resp.Header.Get("Location"); loc != "" {
				w.Header().Set("Location", p.local(loc))
			}
			w.WriteHeader(resp.StatusCode)
			_, _ = copyTo(flusher{w}, resp.Body)
			return
		}
	}
	http.Error(w, "mcpscope proxy: cannot reach the upstream: "+err.Error(), http.StatusBadGateway)
}

// flusher flushes every write to the client.
type flusher struct{ w http.ResponseWriter }

func (f flusher) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil {
		err = http.NewResponseController(f.w).Flush()
	}
	return n, err
}
