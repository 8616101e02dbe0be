package demo

import "testing"

// The demo's banner names, for each endpoint, the version a session there
// negotiates: /sse, of the 2024-11-05 transport, was said to speak
// 2024-11-05 though a client asking for 2025-11-25 got it. Each version an
// endpoint names is one a client asking for it is answered in.
func TestEndpointsNameTheVersionsASessionNegotiates(t *testing.T) {
	s, err := Start("127.0.0.1:0", Options{})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer s.Close()
	eras := map[string]era{"sse": legacyEra, "streamable": streamableEra, "stateless": statelessEra}
	for _, ep := range s.Endpoints() {
		for _, v := range []string{ep.Protocol, ep.Oldest} {
			if v == "" {
				continue
			}
			e := eras[ep.Transport]
			e.version = v
			// connectClient fails the test unless v is negotiated.
			e.connect(t, s.URL, nil)
		}
	}
	if sse := s.Endpoints()[0]; sse.Oldest != "2024-11-05" || sse.Protocol != streamableEra.version {
		t.Errorf("/sse speaks %s to %s, want 2024-11-05 to %s", sse.Oldest, sse.Protocol, streamableEra.version)
	}
}
