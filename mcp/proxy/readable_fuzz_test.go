package proxy

import (
	"bytes"
	"compress/zlib"
	"context"
	"net/http"
	"testing"
)

// FuzzReadable: whatever a client compresses, and however it labels it,
// the proxy reads its message as it was sent (decoded whole, or the body
// as it came with a note saying why not), never past --max-event-size,
// and gives back all the room in its budget for clients' bodies that the
// body took: a body that kept room after its exchange ended would shrink
// every later client's budget until the proxy refused them all.
// payload is repeated repeat times (so a small input reaches the growth
// steps and the bomb bound); encode says how the body is made: 0 the
// payload gzipped, 1 deflated, 2 the payload itself labelled gzip, 3
// itself labelled deflate.
func FuzzReadable(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), uint16(1), uint8(0), uint32(1<<20))
	f.Add([]byte("x"), uint16(40000), uint8(1), uint32(70000))
	f.Add([]byte{0}, uint16(65535), uint8(0), uint32(2<<20))
	f.Add([]byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"), uint16(1), uint8(2), uint32(100))
	f.Add([]byte("abc"), uint16(300), uint8(1), uint32(899))
	f.Add([]byte("\x78\x9c\x03\x00"), uint16(1), uint8(3), uint32(1))
	f.Fuzz(func(t *testing.T, payload []byte, repeat uint16, encode uint8, limit uint32) {
		lim := int(limit%(2<<20)) + 1
		if len(payload)*int(repeat) > 4<<20 {
			return
		}
		plain := bytes.Repeat(payload, int(repeat))
		enc := [...]string{"gzip", "deflate", "gzip", "deflate"}[encode%4]
		var body []byte
		switch encode % 4 {
		case 0:
			body = gzipped(t, plain)
		case 1:
			var b bytes.Buffer
			zw := zlib.NewWriter(&b)
			zw.Write(plain)
			zw.Close()
			body = b.Bytes()
		default:
			body = plain
		}
		room := newBodyRoom(bodyRoomFold*int64(lim), make(chan struct{}))
		hold := &bodyHold{room: room, ctx: context.Background()}
		msg, why := readable(body, http.Header{"Content-Encoding": {enc}}, lim, hold)
		switch {
		case why != "":
			if !bytes.Equal(msg, body) {
				t.Fatalf("a body not decoded (%s) is %d bytes, want it as it came (%d)", why, len(msg), len(body))
			}
			if hold.n != 0 {
				t.Fatalf("a body not decoded (%s) still holds %d bytes of the budget", why, hold.n)
			}
		case len(body) == 0:
			if len(msg) != 0 {
				t.Fatalf("an empty body read as %d bytes", len(msg))
			}
		case len(msg) > lim:
			t.Fatalf("a body decoded to %d bytes, past the limit of %d", len(msg), lim)
		case encode%4 < 2 && !bytes.Equal(msg, plain):
			t.Fatalf("a %s body of %d bytes decoded to %d other bytes", enc, len(plain), len(msg))
		case hold.n > int64(len(msg)):
			t.Fatalf("a decoded message of %d bytes holds %d bytes of the budget", len(msg), hold.n)
		}
		if encode%4 < 2 && len(plain) <= lim && len(plain) <= maxDecodedWithoutBomb(len(body)) && why != "" {
			t.Fatalf("a %s body of %d bytes within the limit (%d) was not decoded: %s", enc, len(plain), lim, why)
		}
		if room.held != hold.n {
			t.Fatalf("the budget holds %d bytes where the body holds %d", room.held, hold.n)
		}
		hold.release()
		if room.held != 0 {
			t.Fatalf("the budget still holds %d bytes once the body is released", room.held)
		}
	})
}

// maxDecodedWithoutBomb is the most a body of n compressed bytes may
// decode to without being refused as a compression bomb (mcp.Decoder:
// 1 MiB, or 256 times what came).
func maxDecodedWithoutBomb(n int) int {
	return max(1<<20, 256*n)
}
