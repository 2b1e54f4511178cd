import { AVIATOR_GROWTH_PER_MS, AviatorStatus, aviatorPhaseOf, formatMultiplier } from '@app/shared';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightSnapshot } from '../hooks/use-aviator-game.hook.ts';
import { bandOf, FLEW_AWAY_MS, TAKE_OFF_MS } from '../rules/aviator-screen.rule.ts';
import styles from './aviator.module.css';

const BAND_COLOURS = { blue: '#3b82f6', purple: '#8b5cf6', pink: '#ec4899' } as const;
const CRASH_COLOUR = '#ef4444';
/** The stage's drawing size in CSS pixels (it scales to the width of the screen). */
const STAGE_WIDTH = 360;
const STAGE_HEIGHT = 200;
/** The flight time the stage's width first shows; a longer flight zooms out. */
const MIN_VIEW_MS = 8_000;

/** The multiplier the player sees now: the last tick's, moved on by the time since it arrived. */
function liveHundredths(snapshot: FlightSnapshot, now: number): number {
  if (snapshot.flyEnd) return Math.round(Number.parseFloat(snapshot.coefficient) * 100);
  const flightMs = snapshot.tickFlightMs + Math.max(0, now - snapshot.tickReceivedAt);
  return Math.floor(100 * Math.exp(AVIATOR_GROWTH_PER_MS * flightMs));
}

function drawPlane(context: CanvasRenderingContext2D, x: number, y: number, colour: string): void {
  context.save();
  context.translate(x, y);
  context.rotate(-0.35);
  context.fillStyle = colour;
  context.beginPath();
  context.moveTo(14, 0);
  context.lineTo(-10, -6);
  context.lineTo(-6, 0);
  context.lineTo(-10, 6);
  context.closePath();
  context.fill();
  context.fillRect(-4, -12, 5, 24);
  context.restore();
}

/**
 * The plane stage (spec 02 "Aviator screen"): waiting with the countdown, a 1.5 s take-off, the flight with
 * the live multiplier and its curve, a 1 s flew-away. Drawn on a canvas at the display's frame rate from the
 * flight snapshot (no React render per frame); the multiplier text is written to the DOM in the same frame.
 */
export function PlaneStage({ flight }: { flight: RefObject<FlightSnapshot> }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLDivElement>(null);
  const captionRef = useRef<HTMLDivElement>(null);
  const waitingText = t('aviator.waiting');
  const flewAwayText = t('aviator.flewAway');
  const startsInText = t('aviator.startsIn', { seconds: '{s}' });

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = STAGE_WIDTH * ratio;
    canvas.height = STAGE_HEIGHT * ratio;
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const snapshot = flight.current;
      const now = performance.now();
      const phase = aviatorPhaseOf(snapshot.status);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, STAGE_WIDTH, STAGE_HEIGHT);
      const multiplier = multiplierRef.current;
      const caption = captionRef.current;
      const flying = phase === 'flight' || (snapshot.flyEnd && snapshot.flewAwayAt !== undefined);
      if (!flying || snapshot.takeOffAt === undefined) {
        if (multiplier) {
          multiplier.textContent = '';
          multiplier.dataset.state = 'waiting';
        }
        if (caption) {
          const left = Math.max(0, Math.ceil((snapshot.bettingEndsAt - now) / 1000));
          caption.textContent =
            phase === 'betting' && left > 0 ? startsInText.replace('{s}', String(left)) : waitingText;
        }
        drawPlane(context, 24, STAGE_HEIGHT - 20, '#9ca3af');
        return;
      }
      const hundredths = liveHundredths(snapshot, now);
      const text = `${formatMultiplier(hundredths)}x`;
      const crashed = snapshot.flyEnd;
      const colour = crashed ? CRASH_COLOUR : BAND_COLOURS[bandOf(formatMultiplier(hundredths))];
      if (multiplier) {
        multiplier.textContent = text;
        multiplier.style.color = colour;
        multiplier.dataset.state = crashed ? 'flew' : 'flying';
      }
      if (caption) caption.textContent = crashed ? flewAwayText : '';
      // The curve: x is time, y the multiplier, both scaled so the plane stays on the stage.
      const flightMs = crashed
        ? snapshot.tickFlightMs
        : snapshot.tickFlightMs + Math.max(0, now - snapshot.tickReceivedAt);
      const viewMs = Math.max(MIN_VIEW_MS, flightMs * 1.2);
      const topMultiplier = Math.max(2, (hundredths / 100) * 1.2);
      const point = (ms: number) => {
        const m = Math.exp(AVIATOR_GROWTH_PER_MS * ms);
        return {
          x: 16 + ((STAGE_WIDTH - 48) * ms) / viewMs,
          y: STAGE_HEIGHT - 16 - ((STAGE_HEIGHT - 48) * (m - 1)) / (topMultiplier - 1),
        };
      };
      context.strokeStyle = colour;
      context.lineWidth = 3;
      context.beginPath();
      const steps = 40;
      for (let step = 0; step <= steps; step += 1) {
        const { x, y } = point((flightMs * step) / steps);
        if (step === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.stroke();
      let { x, y } = point(flightMs);
      // Take-off: the plane rises from the runway over its first 1.5 s.
      const sinceTakeOff = now - snapshot.takeOffAt;
      if (sinceTakeOff < TAKE_OFF_MS) y += (1 - sinceTakeOff / TAKE_OFF_MS) * 12;
      // Flew away: it leaves the stage to the top right within 1 s.
      if (crashed && snapshot.flewAwayAt !== undefined) {
        const away = Math.min(1, (now - snapshot.flewAwayAt) / FLEW_AWAY_MS);
        x += away * STAGE_WIDTH;
        y -= away * STAGE_HEIGHT;
      }
      drawPlane(context, x, y, crashed ? CRASH_COLOUR : '#e11d48');
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [flight, waitingText, flewAwayText, startsInText]);

  return (
    <div className={styles.stage} data-testid="aviator-stage">
      <canvas
        ref={canvasRef}
        className={styles.stageCanvas}
        style={{ aspectRatio: `${STAGE_WIDTH} / ${STAGE_HEIGHT}` }}
      />
      <div ref={multiplierRef} className={styles.stageMultiplier} data-testid="aviator-multiplier" />
      <div ref={captionRef} className={styles.stageCaption} data-testid="aviator-caption" />
    </div>
  );
}

/** Whether a status belongs to the ended round (below 10 or 600). */
export function isEndedStatus(status: number): boolean {
  return status < 10 || status === AviatorStatus.ended;
}
