package localurl

import (
	"net"
	"testing"
)

func TestFor(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4321}, "http://127.0.0.1:4321"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 80}, "http://127.0.0.1:80"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, "http://127.0.0.1:80"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8811}, "http://[::1]:8811"},
		{&net.UnixAddr{Name: "/tmp/s", Net: "unix"}, "http:///tmp/s"},
	}
	for _, tt := range tests {
		if got := For(tt.addr); got != tt.want {
			t.Errorf("For(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}
