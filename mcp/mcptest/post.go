package mcptest

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
)

// Post is one POST the server received, recorded on arrival whatever the
// answer, so a test can assert the target, headers and body the client used.
type Post struct {
	// Target is the request URI as received: path and query.
	Target string
	// Path is the URL path of the target.
	Path string
	// Query is the raw query of the target.
	Query string
	// Header holds the request headers.
	Header http.Header
	// Body is the request body exactly.
	Body []byte
	// SessionID is the session named by the query ("" if none).
	SessionID string
	// SessionParam is how the query spelled the parameter: "sessionid",
	// "sessionId" or "session_id".
	SessionParam string
	// Canonical reports whether the target is the canonical fallback,
	// SSEPath+"?sessionid=ID".
	Canonical bool
	// Kind, Method and ID describe the JSON-RPC message in Body.
	Kind   Kind
	Method string
	ID     json.RawMessage
	// Status is the HTTP status answered, 0 while the POST hangs.
	Status int
}

// Kind classifies a POSTed JSON-RPC message.
type Kind int

const (
	// KindInvalid is a body that is not one JSON-RPC message object.
	KindInvalid Kind = iota
	// KindRequest has a method and an id.
	KindRequest
	// KindNotification has a method and no id.
	KindNotification
	// KindResponse has an id and a result or error, answering the server.
	KindResponse
)

// String names the kind for test messages.
func (k Kind) String() string {
	switch k {
	case KindRequest:
		return "request"
	case KindNotification:
		return "notification"
	case KindResponse:
		return "response"
	default:
		return "invalid"
	}
}

// sessionParams are the query spellings of the session id seen in the wild,
// the canonical one first.
var sessionParams = []string{"sessionid", "sessionId", "session_id"}

// servePost routes a POST to its session and lets Handle script the answer.
func (s *Server) servePost(w http.ResponseWriter, r *http.Request) {
	p := s.recordPost(r)
	answer := func(status int, body string) {
		s.setStatus(p, status)
		http.Error(w, body, status)
	}
	if !s.opts.AnyContentType {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			answer(http.StatusUnsupportedMediaType, "Content-Type must be 'application/json'")
			return
		}
	}
	if s.opts.RejectPreferred != 0 && !p.Canonical {
		answer(s.opts.RejectPreferred, http.StatusText(s.opts.RejectPreferred))
		return
	}
	conn := s.session(p.SessionID)
	if conn == nil {
		switch s.opts.UnknownSession {
		case UnknownSessionHang:
			s.hang(r)
		case UnknownSession400:
			answer(http.StatusBadRequest, "unknown session")
		default:
			if p.SessionID == "" {
				answer(http.StatusBadRequest, "sessionid must be provided")
			} else {
				answer(http.StatusNotFound, "session not found")
			}
		}
		return
	}

	c := &Call{
		Message: posted(r, p.Body, p.Kind, p.Method),
		Session: conn,
		Server:  s,
		header:  make(http.Header),
		status:  http.StatusAccepted,
	}
	conn.observe(c)
	s.opts.Handle(c)
	if !c.hang {
		s.setStatus(p, c.status)
		c.writeAnswer(w)
	}
	// Stream writes queued by the handler go out only after the 202 was
	// flushed, which is the usual order on the wire.
	for _, f := range c.queue {
		f()
	}
	if c.hang || c.open {
		s.hang(r)
	}
}

// hang blocks until the client gives up or the server closes.
func (s *Server) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.done:
		// Returning would let net/http answer 200 with an empty body; a
		// server that never answers must break the connection instead, and
		// ErrAbortHandler is net/http's way to do that without a log line.
		panic(http.ErrAbortHandler)
	}
}

// recordPost reads the body and appends the POST to the record.
func (s *Server) recordPost(r *http.Request) *Post {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		body = nil
	}
	p := &Post{
		Target: r.URL.RequestURI(),
		Path:   r.URL.Path,
		Query:  r.URL.RawQuery,
		Header: r.Header.Clone(),
		Body:   body,
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		for _, name := range sessionParams {
			if id := q.Get(name); id != "" {
				p.SessionID, p.SessionParam = id, name
				break
			}
		}
	}
	p.Canonical = r.URL.Path == s.opts.SSEPath && p.SessionParam == "sessionid"
	p.Kind, p.Method, p.ID, _ = parse(body)

	s.mu.Lock()
	s.posts = append(s.posts, p)
	s.notifyLocked()
	s.mu.Unlock()
	return p
}

func (s *Server) setStatus(p *Post, status int) {
	s.mu.Lock()
	p.Status = status
	s.notifyLocked()
	s.mu.Unlock()
}

// Posts returns a copy of every POST received so far, oldest first.
func (s *Server) Posts() []Post {
	s.mu.Lock()
	defer s.mu.Unlock()
	return copies(s.posts)
}

// WaitPosts waits until at least n POSTs have arrived and returns them all.
func (s *Server) WaitPosts(ctx context.Context, n int) ([]Post, error) {
	for {
		s.mu.Lock()
		changed := s.changed
		enough := len(s.posts) >= n
		s.mu.Unlock()
		if enough {
			return s.Posts(), nil
		}
		if err := s.wait(ctx, changed); err != nil {
			return nil, err
		}
	}
}

// WaitPost returns the first POST, past or future, for which match is true.
// The Post is a snapshot: a POST still being handled has Status 0.
func (s *Server) WaitPost(ctx context.Context, match func(Post) bool) (Post, error) {
	for {
		s.mu.Lock()
		changed := s.changed
		s.mu.Unlock()
		for _, p := range s.Posts() {
			if match(p) {
				return p, nil
			}
		}
		if err := s.wait(ctx, changed); err != nil {
			return Post{}, err
		}
	}
}

// parse tells what kind of JSON-RPC message body is and returns its method,
// id and params. A map keeps "result": null, which is a valid result.
func parse(body []byte) (kind Kind, method string, id, params json.RawMessage) {
	m := members(body)
	if m == nil {
		return KindInvalid, "", nil, nil
	}
	params = m["params"]
	id = m["id"]
	hasID := len(id) > 0 && string(id) != "null"
	rawMethod, hasMethod := m["method"]
	if hasMethod && json.Unmarshal(rawMethod, &method) != nil {
		return KindInvalid, "", nil, nil
	}
	_, hasResult := m["result"]
	_, hasError := m["error"]
	switch {
	case hasMethod && hasID:
		return KindRequest, method, id, params
	case hasMethod:
		return KindNotification, method, nil, params
	case hasID && (hasResult || hasError):
		return KindResponse, "", id, nil
	default:
		return KindInvalid, "", nil, nil
	}
}
