import { questionsOf, type EvalQuestion } from '../../questions/types.js';

const { fact, summary } = questionsOf('expeyes17-es', 'es');

/**
 * expEYES-17, Manual del Usuario: the Spanish manual of a small USB laboratory device, translated
 * from French and English (some sections stayed in English, some words in French), with wiring
 * diagrams whose labels come out as stray words, small capitals and fi/fl ligatures.
 */
export const EXPEYES17_ES_QUESTIONS: EvalQuestion[] = [
  summary('summary', '¿De qué trata este manual?', ['ExpEYES', 'experimentos', 'osciloscopio', 'Python', 'sensores']),
  summary('summary-en', 'What is this manual about?', ['expEYES-17', 'Python', 'A1', 'SQ1', 'PV1'], { language: 'en' }),
  fact('phoenix', '¿Desde cuándo existe el proyecto que creó este aparato?', ['2004'], 2),
  fact('manual-licence', 'Under what licence is this manual distributed?', ['GNU Free Documentation'], 2, { language: 'en' }),
  fact('power', '¿Cómo se alimenta el aparato? ¿Necesita un enchufe aparte?', ['puerto USB'], 8),
  fact('input-limits', '¿Qué voltaje máximo puedo conectar a las entradas A1 y A2?', ['±16'], 8),
  fact('in-limits', '¿y a IN1 e IN2?', ['3.3 V'], 8, { after: 'input-limits' }),
  fact('higher-voltage', '¿Y si necesito medir un voltaje más alto que eso?', ['divisores de voltaje'], 8, { after: 'in-limits' }),
  fact('ccs', 'How much current does the constant current source deliver?', ['1.1 mA'], 9, { language: 'en' }),
  fact('pv1-range', '¿Entre qué valores se puede programar PV1?', ['-5 V a +5 V'], 9),
  fact('sq1-range', 'What frequency range does the SQ1 square wave output cover?', ['100 kHz'], 9, { language: 'en' }),
  fact('led', '¿Puedo conectar un LED directamente a la salida SQ1?', ['controlar los LED directamente', 'resistencia en serie de 100'], 9),
  fact('wg-amplitude', 'What amplitudes can the WG sine generator be set to?', ['80 mV'], 10, { language: 'en' }),
  fact('in1-capacitance', 'Up to what capacitance does the IN1 input measure well?', ['10 nF'], 10, { language: 'en' }),
  fact('sampling-rate', '¿Cuál es la tasa de muestreo máxima del osciloscopio?', ['1 Méch/s'], 10),
  fact('coils', '¿Cuántas vueltas tienen las bobinas que vienen en el kit?', ['3000 vueltas'], 11),
  fact('piezo', 'At what frequency does the piezo disc from the kit resonate?', ['3500 Hz'], 11, { language: 'en' }),
  fact('motor', 'qué voltaje le puedo dar al motorcito de corriente continua', ['menos de 3 V'], 11),
  fact('python-packages', '¿Qué paquetes de Python necesita el programa?', ['python3-serial', 'python3-pyqtgraph'], 12),
  fact('install-debian', 'How do I install the software on Debian or Ubuntu?', ['sudo apt install eyes17', 'sudo gdebi eyes17-x.x.x.deb'], 12, {
    language: 'en',
  }),
  fact('install-windows', 'And on Windows?', ['MCP2200', 'eyes17win.zip'], 13, { language: 'en', after: 'install-debian' }),
  fact('timebase', '¿Qué rango tiene la base de tiempo del osciloscopio?', ['500 ms'], 14),
  fact('sq1-duty', '¿Qué ciclo de trabajo puedo poner en SQ1 y cuál trae por defecto?', ['50 %'], 15),
  fact('screenshot', 'Is there a keyboard shortcut for a screenshot?', ['Alt-S'], 15, { language: 'en' }),
  fact('mains-antenna', 'En el experimento de la antena y la red eléctrica, ¿cuántos ciclos se ven en 100 ms?', ['cinco ciclos'], 22),
  fact('lemon', '¿Cuánto voltaje da una pila de limón?', ['0.9 V'], 26),
  fact('diode-drop', '¿Cuánto voltaje se pierde en un diodo de silicio en el rectificador?', ['0.7 V'], 34),
  fact('load-resistor', '¿Y qué resistencia de carga pongo como mínimo?', ['QUE NO SE UTILICE menos', '5 mA'], 34, {
    after: 'diode-drop',
  }),
  fact('audible', 'What frequency range can we hear, according to the sound chapter?', ['20000 Hz'], 55, { language: 'en' }),
  fact('speed-of-sound', 'What speed of sound did they get in the worked example?', ['34054'], 57, { language: 'en' }),
  fact('pendulum', 'En el experimento del péndulo pesado, ¿qué período midieron?', ['0,627 s'], 60),
  fact('ultrasound', 'At what frequency does the ultrasonic distance sensor work?', ['40 kHz'], 62, { language: 'en' }),
  fact('python-connect', 'How do I connect to the device from my own Python script?', ['eyes17.eyes.open()'], 71, { language: 'en' }),
  fact('python-voltage', 'And then how do I read the voltage on A1?', ["get_voltage('A1')"], 72, { language: 'en', after: 'python-connect' }),
  fact('resistance-range', 'What resistance range can it measure with reasonable accuracy?', ['100 kΩ'], 72, { language: 'en' }),
  fact('max-samples', '¿Cuántas muestras puede tomar capture1 como máximo?', ['10000'], 76),
];
