#!/bin/sh
# Renders the Home page's campus video and its poster frame from the project's own SVG artwork:
#   public/media/campus-tour.mp4         1280x720, 25 fps, ~8 s, H.264 (yuv420p, +faststart), no audio
#   public/media/campus-tour-poster.jpg  1280x720, the title card (about 31 KB)
#
# Slides: a title card with the site logo, then the campus illustration and the three hero
# scenes, each in a frame with a caption band, joined by 0.5 s cross-fades. The SVGs are
# rasterised by ffmpeg's librsvg decoder and captions drawn with drawtext (DejaVu/Liberation).
#
# Requirements: ffmpeg built with librsvg, libfreetype and libx264 (Debian/Ubuntu: apt-get install
# ffmpeg), plus fontconfig's fc-match. Regenerate the SVGs first if you changed them:
#   npx tsx scripts/assets/generate-svgs.ts && sh scripts/assets/make-video.sh
# The output is committed; CI does not run this script. Keep the MP4 under 400 KB (tests check it).
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
IMG="$ROOT/public/images"
OUT="$ROOT/public/media"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
mkdir -p "$OUT"

FONT_BOLD=$(fc-match -f '%{file}' 'DejaVu Sans:bold')
FONT=$(fc-match -f '%{file}' 'DejaVu Sans')
FF="ffmpeg -hide_banner -loglevel error -y"

# Caption texts go through files so no filtergraph escaping is needed.
printf '%s' 'PESGRE 2025  ·  Campus tour' >"$WORK/top.txt"
printf '%s' 'SAMPLE' >"$WORK/sample.txt"

# frame NAME SVG RENDER_WIDTH CROP_Y TITLE SUBTITLE
# A 1280x720 slide: top band, the SVG rendered 1280 wide and cropped to 1280x480, caption band.
frame() {
  printf '%s' "$5" >"$WORK/$1-title.txt"
  printf '%s' "$6" >"$WORK/$1-sub.txt"
  $FF -width "$3" -i "$2" -f lavfi -i "color=c=0x051d47:s=1280x720:d=1" -filter_complex "
    [0:v]crop=1280:480:0:$4[img];
    [1:v][img]overlay=0:80,
    drawtext=fontfile=$FONT_BOLD:textfile=$WORK/top.txt:fontsize=24:fontcolor=white:x=40:y=28,
    drawbox=x=1150:y=22:w=96:h=34:color=white@0.5:t=2,
    drawtext=fontfile=$FONT_BOLD:textfile=$WORK/sample.txt:fontsize=18:fontcolor=white:x=1198-text_w/2:y=30,
    drawbox=x=40:y=592:w=8:h=96:color=0xf5a524:t=fill,
    drawtext=fontfile=$FONT_BOLD:textfile=$WORK/$1-title.txt:fontsize=42:fontcolor=white:x=68:y=596,
    drawtext=fontfile=$FONT:textfile=$WORK/$1-sub.txt:fontsize=24:fontcolor=0x5fd3c6:x=70:y=656
  " -frames:v 1 "$WORK/$1.png"
}

# Title card: the logo on a light background with the video's title.
printf '%s' 'Campus tour' >"$WORK/t-title.txt"
printf '%s' '18-21 December 2025  ·  IIT Dharwad, Karnataka, India' >"$WORK/t-sub.txt"
printf '%s' 'SAMPLE VIDEO' >"$WORK/t-sample.txt"
$FF -width 720 -i "$IMG/logo.svg" -f lavfi -i "color=c=0xf7f9fc:s=1280x720:d=1" -filter_complex "
  [1:v][0:v]overlay=(W-w)/2:150,
  drawbox=x=0:y=690:w=1280:h=30:color=0x0b3d91:t=fill,
  drawbox=x=560:y=388:w=160:h=6:color=0xf5a524:t=fill,
  drawtext=fontfile=$FONT_BOLD:textfile=$WORK/t-title.txt:fontsize=60:fontcolor=0x0b3d91:x=(w-text_w)/2:y=430,
  drawtext=fontfile=$FONT:textfile=$WORK/t-sub.txt:fontsize=28:fontcolor=0x5b6b82:x=(w-text_w)/2:y=522,
  drawtext=fontfile=$FONT_BOLD:textfile=$WORK/t-sample.txt:fontsize=18:fontcolor=0x0b3d91:x=w-text_w-40:y=650
" -frames:v 1 "$WORK/s0.png"

frame s1 "$IMG/home/campus.svg" 1280 150 'The campus' 'Academic block, clock tower and rooftop solar (illustration)'
frame s2 "$IMG/hero/hero-3.svg" 1280 0 'Evenings on campus' 'A skyline under a smart-grid constellation'
frame s3 "$IMG/hero/hero-2.svg" 1280 0 'Renewables and the grid' 'Wind, solar and transmission: the themes of PESGRE 2025'
frame s4 "$IMG/hero/hero-1.svg" 1280 0 'Power electronics' 'Converters, control and PWM: from research to practice'

# Slideshow: durations in seconds; each cross-fade lasts 0.5 s.
D0=2.0 D1=2.2 D2=2.0 D3=2.0 D4=2.2 X=0.5
O1=$(awk "BEGIN{print $D0-$X}")
O2=$(awk "BEGIN{print $D0+$D1-2*$X}")
O3=$(awk "BEGIN{print $D0+$D1+$D2-3*$X}")
O4=$(awk "BEGIN{print $D0+$D1+$D2+$D3-4*$X}")
$FF \
  -loop 1 -framerate 25 -t $D0 -i "$WORK/s0.png" \
  -loop 1 -framerate 25 -t $D1 -i "$WORK/s1.png" \
  -loop 1 -framerate 25 -t $D2 -i "$WORK/s2.png" \
  -loop 1 -framerate 25 -t $D3 -i "$WORK/s3.png" \
  -loop 1 -framerate 25 -t $D4 -i "$WORK/s4.png" \
  -filter_complex "
    [0:v]format=yuv420p,settb=1/25[a0];[1:v]format=yuv420p,settb=1/25[a1];[2:v]format=yuv420p,settb=1/25[a2];
    [3:v]format=yuv420p,settb=1/25[a3];[4:v]format=yuv420p,settb=1/25[a4];
    [a0][a1]xfade=transition=fade:duration=$X:offset=$O1[v1];
    [v1][a2]xfade=transition=slideleft:duration=$X:offset=$O2[v2];
    [v2][a3]xfade=transition=fade:duration=$X:offset=$O3[v3];
    [v3][a4]xfade=transition=slideleft:duration=$X:offset=$O4,format=yuv420p[v]
  " -map "[v]" -an -r 25 \
  -c:v libx264 -preset veryslow -tune stillimage -crf 30 -pix_fmt yuv420p -profile:v high \
  -x264-params threads=1 -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact \
  "$OUT/campus-tour.mp4"

# Poster frame shown before playback: the title card. A <video> poster always loads with the
# page (it cannot be lazy), so it is kept small: libjpeg-turbo's cjpeg at quality 65, optimised
# and progressive (about 31 KB instead of ffmpeg's 68 KB at -q:v 3; apt-get install
# libjpeg-turbo-progs), falling back to ffmpeg's encoder without it.
if command -v cjpeg >/dev/null 2>&1; then
  $FF -i "$WORK/s0.png" -f image2pipe -vcodec ppm - | cjpeg -quality 65 -optimize -progressive > "$OUT/campus-tour-poster.jpg"
else
  $FF -i "$WORK/s0.png" -q:v 3 -map_metadata -1 -fflags +bitexact "$OUT/campus-tour-poster.jpg"
fi

ls -l "$OUT/campus-tour.mp4" "$OUT/campus-tour-poster.jpg"
