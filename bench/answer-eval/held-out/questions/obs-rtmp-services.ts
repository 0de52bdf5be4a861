import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary, unanswerable } = questionsOf('obs-rtmp-services', 'en');

/**
 * OBS Studio's catalogue of streaming services (JSON): 89 records, each a service with its ingest
 * servers (a list of name and URL), its recommended encoder settings (a nested object, some with
 * a list of resolutions or a bitrate matrix of resolution, frame rate and bitrate), alternative
 * names and links. Many values repeat across records, so the record's name is what tells them
 * apart; several services list no recommended settings or links at all.
 */
export const OBS_RTMP_SERVICES_QUESTIONS: EvalQuestion[] = [
  summary('summary', 'What is in this file?', ['Twitch', 'YouTube', 'servers', 'bitrate', 'keyint']),
  summary('summary-es', '¿Qué contiene este catálogo?', ['Twitch', 'YouTube', 'Facebook', 'RTMP', 'bitrate'], { language: 'es' }),
  fact('twitch-bitrate', "What's the highest video bitrate OBS will use for Twitch?", ['6000'], 1),
  fact('twitch-madrid', '¿Twitch tiene servidor en Madrid? ¿Qué dirección pongo?', ['live-mad.twitch.tv'], 1, { language: 'es' }),
  fact('twitch-key', '¿y dónde saco mi clave de emisión?', ['dashboard.twitch.tv/settings/stream'], 1, { language: 'es', after: 'twitch-madrid' }),
  fact('youtube-hls-codecs', '¿Qué códecs de vídeo acepta YouTube por HLS?', ['hevc'], 1, { language: 'es' }),
  fact('youtube-backup', "What's the backup server for YouTube over RTMPS?", ['b.rtmps.youtube.com'], 1),
  fact('facebook-1080p60', '¿Qué bitrate máximo admite Facebook Live en 1080p a 60 fps?', ['9000'], 1, { language: 'es' }),
  fact('facebook-1080p30', '¿y a 30 fps?', ['6000'], 1, { language: 'es', after: 'facebook-1080p60' }),
  fact('restream-names', 'What other names is Restream listed under?', ['Restream.io - FTL'], 1),
  fact('lovecast-port', '¿Qué puerto usa el servidor de Lovecast?', ['5222'], 1, { language: 'es' }),
  fact('goodgame', 'Which ingest address do I use for GoodGame.ru?', ['msk.goodgame.ru:1940'], 1),
  fact('younow-audio', 'Which audio codec does YouNow need?', ['opus'], 1),
  fact('younow-output', 'and which output does OBS use for it?', ['ftl_output'], 1, { after: 'younow-audio' }),
  fact('niconico-free', '¿Cuál es el bitrate de vídeo máximo para los miembros gratuitos de niconico?', ['904'], 1, { language: 'es' }),
  fact('niconico-premium', '¿y para los premium?', ['5808'], 1, { language: 'es', after: 'niconico-free' }),
  fact('eventials', 'What video bitrate does Eventials allow?', ['900'], 1),
  fact('periscope', 'Is Periscope on the list?', ['Twitter / Periscope'], 1),
  fact('afreeca-names', '¿Con qué otros nombres aparece AfreecaTV?', ['아프리카TV', 'Afreeca.TV'], 1, { language: 'es' }),
  fact('nanostream-x264', 'Which x264 options are recommended for nanoStream Cloud?', ['tune=zerolatency b-pyramid=0 scenecut=0'], 1),
  fact('livepush-turkey', '¿Livepush tiene algún servidor en Turquía?', ['Turkiye'], 1, { language: 'es' }),
  fact('fantasy-audio', 'What audio bitrate can I use on Fantasy.Club?', ['196'], 1),
  fact('jio-bitrate', "What's the video bitrate cap for Jio Games?", ['32000'], 1),
  fact('bilibili-key', '¿Dónde consigo la clave de transmisión de Bilibili?', ['my-room/start-live'], 1, { language: 'es' }),
  unanswerable('vimeo-bitrate', 'What bitrate should I stream at on Vimeo?'),
  unanswerable('vimeo-key', 'Where do I find my Vimeo stream key?'),
  unanswerable('youtube-duration', 'How long can a single YouTube live stream last?'),
  unanswerable('facebook-sample-rate', 'What audio sample rate does Facebook Live want?'),
  unanswerable('glimesh-added', 'In which OBS version was Glimesh added to the list?'),
  unanswerable('bilibili-keyint', 'What keyframe interval should I use for Bilibili?'),
  unanswerable('restream-price', '¿Cuánto cuesta una cuenta de Restream.io?', { language: 'es' }),
  unanswerable('twitch-madrid-latency', '¿Qué latencia tiene el servidor de Twitch en Madrid?', { language: 'es' }),
  unanswerable('twitch-4k', '¿Twitch deja emitir en 4K?', { language: 'es' }),
  unanswerable('mixcloud-viewers', '¿Cuántos espectadores a la vez admite Mixcloud?', { language: 'es' }),
  unanswerable('youtube-resolution', '¿Qué resolución recomienda YouTube para emitir?', { language: 'es' }),
];
