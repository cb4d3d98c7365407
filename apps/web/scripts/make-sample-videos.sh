#!/usr/bin/env bash
# Makes the landing page's 8 template-gallery samples (9:16, 270x480, H.264, no audio, faststart)
# and a poster JPG for each into public/samples/. Every motion is periodic in DURATION so the loop is seamless.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/../public/samples"
DURATION=5
FPS=24
W=270
H=480
FONT_DIR=/usr/share/fonts/truetype/dejavu
FONT_BOLD="$FONT_DIR/DejaVuSans-Bold.ttf"
FONT_REGULAR="$FONT_DIR/DejaVuSans.ttf"

command -v ffmpeg >/dev/null || { echo "ffmpeg is required (apt-get install ffmpeg)" >&2; exit 1; }
[ -f "$FONT_BOLD" ] || { echo "DejaVu fonts are required (apt-get install fonts-dejavu-core)" >&2; exit 1; }
mkdir -p "$OUT"

# A phase of 2*PI*t/DURATION keeps every sin/cos motion loop-aligned.
P="2*PI*t/$DURATION"

# make_sample N TOP_COLOR BOTTOM_COLOR ACCENT SKIN MOTION TAG
make_sample() {
  local n="$1" top="$2" bottom="$3" accent="$4" skin="$5" motion="$6" tag="$7"
  local file="$OUT/sample-$n.mp4"
  local head_x head_y product_x product_y
  case "$motion" in
    bob)   head_x="(W-w)/2";           head_y="118+10*sin($P)"; product_x="168";                     product_y="292+14*sin($P+1.5)" ;;
    sway)  head_x="(W-w)/2+22*sin($P)"; head_y="120";           product_x="48+130*(0.5+0.5*sin($P))"; product_y="300" ;;
    orbit) head_x="(W-w)/2+16*cos($P)"; head_y="120+12*sin($P)"; product_x="103+70*cos($P+PI)";       product_y="300+26*sin($P+PI)" ;;
    pulse) head_x="(W-w)/2";           head_y="120";           product_x="103";                     product_y="300-24*abs(sin($P))" ;;
  esac
  local r g b
  r="$(hex_channel "$skin" 1)"; g="$(hex_channel "$skin" 3)"; b="$(hex_channel "$skin" 5)"
  # Eyes and a talking mouth (geq's T is time) drawn dark inside a round face.
  local face="lt(hypot(X-42,Y-52),6)+lt(hypot(X-78,Y-52),6)+lt(hypot((X-60)/16,(Y-84)/(2+5*abs(sin(2*PI*T*12/$DURATION)))),1)"

  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=${W}x${H}:r=$FPS:d=$DURATION:c0=$top:c1=$bottom:x0=0:y0=0:x1=$W:y1=$H:speed=0.00001" \
    -f lavfi -i "color=c=white:s=120x120:r=$FPS:d=$DURATION,format=rgba,geq=r='if(gt($face,0),45,$r)':g='if(gt($face,0),35,$g)':b='if(gt($face,0),40,$b)':a='if(lt(hypot(X-60,Y-60),57),255,0)'" \
    -f lavfi -i "color=c=white@0.94:s=64x80:r=$FPS:d=$DURATION,format=rgba" \
    -f lavfi -i "color=c=white@0.9:s=8x22:r=$FPS:d=$DURATION,format=rgba" \
    -f lavfi -i "color=c=white:s=14x14:r=$FPS:d=$DURATION,format=rgba,geq=r=255:g=255:b=255:a='if(lt(hypot(X-7,Y-7),7),255,0)'" \
    -filter_complex "
      [0:v]drawbox=x=0:y=0:w=iw:h=ih:color=black@0.12:t=fill,
           drawbox=x=55:y=232:w=160:h=168:color=$accent@0.92:t=fill,
           drawbox=x=36:y=416:w=198:h=6:color=white@0.4:t=fill,
           drawtext=fontfile=$FONT_BOLD:text='$tag':fontsize=15:fontcolor=white:x=112:y=62:box=1:boxcolor=black@0.35:boxborderw=6[bg];
      [3:v]split=3[bar1][bar2][bar3];
      [bg][1:v]overlay=x='$head_x':y='$head_y':format=auto[s1];
      [s1][2:v]overlay=x='$product_x':y='$product_y':format=auto[s2];
      [s2][bar1]overlay=x=70:y='60+8*sin($P*4)':format=auto[s3];
      [s3][bar2]overlay=x=82:y='60+8*sin($P*4+2)':format=auto[s4];
      [s4][bar3]overlay=x=94:y='60+8*sin($P*4+4)':format=auto[s5];
      [s5][4:v]overlay=x='29+198*t/$DURATION':y=412:format=auto,
           drawtext=fontfile=$FONT_BOLD:text='Product Demo #$n':fontsize=24:fontcolor=white:x=(w-text_w)/2:y=432:shadowcolor=black@0.5:shadowx=1:shadowy=1,
           drawtext=fontfile=$FONT_REGULAR:text='Reelsmith sample':fontsize=11:fontcolor=white@0.85:x=(w-text_w)/2:y=462,
           format=yuv420p[v]" \
    -map "[v]" -an -c:v libx264 -preset slow -profile:v high -crf 30 -g $((FPS * DURATION)) \
    -movflags +faststart -t "$DURATION" "$file"

  ffmpeg -hide_banner -loglevel error -y -ss 1.2 -i "$file" -frames:v 1 -q:v 5 "$OUT/sample-$n.jpg"
  printf '%s  %6d bytes\n' "$(basename "$file")" "$(stat -c %s "$file")"
}

# hex_channel 0xRRGGBB OFFSET — one channel of a hex colour as a decimal for geq.
hex_channel() { echo $((16#${1:2+$2-1:2})); }

make_sample 1 0xff5f6d 0xffc371 0x7c3aed 0xf1c27d bob   'UGC Ad'
make_sample 2 0x2193b0 0x6dd5ed 0xf97316 0xe0ac69 sway  'Unboxing'
make_sample 3 0x8e2de2 0x4a00e0 0x22c55e 0xffdbac orbit 'Review'
make_sample 4 0x11998e 0x38ef7d 0xdb2777 0xc68642 pulse 'Tutorial'
make_sample 5 0xf12711 0xf5af19 0x2563eb 0x8d5524 sway  'Try-on'
make_sample 6 0x373b44 0x4286f4 0xfacc15 0xf1c27d orbit 'Launch'
make_sample 7 0xee0979 0xff6a00 0x0ea5e9 0xe0ac69 pulse 'How-to'
make_sample 8 0x0f2027 0x2c5364 0xec4899 0xffdbac bob   'Testimonial'
