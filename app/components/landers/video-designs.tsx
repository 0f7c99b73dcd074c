import { Link } from "react-router";
import type { LanderData } from "~/routes/landers/shared";
import { HonestNote, LanderPhoto, MemberName, MemberStrip, NicheLine, SignupCallToAction } from "./parts";

/**
 * The site's lander video with its poster, from the site's settings (docs/product.md §2.25). `autoPlay` plays it
 * muted and looped, as a moving picture; otherwise it waits for the visitor and loads nothing before. Without a
 * video, the first members' photos stand in for it.
 */
function LanderVideo({ data, autoPlay = false }: { data: LanderData; autoPlay?: boolean }) {
  const { video, copy } = data;
  if (!video)
    return (
      <div className="lander-video-fallback">
        {data.profiles.slice(0, 3).map((member, index) => (
          <LanderPhoto
            key={member.id}
            member={member}
            className="lander-video-fallback-photo"
            large
            first={index === 0}
          />
        ))}
      </div>
    );
  return (
    <video
      className="lander-video"
      src={video.url}
      poster={video.poster ?? undefined}
      width={640}
      height={360}
      controls
      playsInline
      aria-label={copy.videoLabel}
      {...(autoPlay ? { autoPlay: true, muted: true, loop: true, preload: "auto" } : { preload: "none" })}
    >
      {copy.videoUnsupported}
    </video>
  );
}

/** Transitions: the video beside the heading, then the members one after another, swiped like a reel. */
export function TransitionsVideo({ data }: { data: LanderData }) {
  return (
    <>
      <section className="lander-reel-hero text-white py-5">
        <div className="container-lg">
          <div className="row g-4 align-items-center">
            <div className="col-12 col-lg-5">
              <NicheLine data={data} className="text-white" />
              <h1 className="fw-bold">{data.copy.heading}</h1>
              <p className="lead">{data.copy.lead}</p>
              <SignupCallToAction data={data} light />
            </div>
            <div className="col-12 col-lg-7">
              <LanderVideo data={data} autoPlay />
            </div>
          </div>
        </div>
      </section>
      <div className="container-lg py-4">
        <section className="lander-reel" aria-label={data.copy.title}>
          {data.profiles.map((member) => (
            <div key={member.id} className="lander-reel-item">
              <LanderPhoto member={member} className="lander-reel-photo" large />
              <div className="lander-reel-caption lander-light">
                <MemberName member={member} as="p" className="fw-semibold mb-0" />
                {member.city && <p className="small mb-1">{member.city}</p>}
                <Link to={`/members/${member.id}/signup`} className="small">
                  {member.meet}
                </Link>
              </div>
            </div>
          ))}
        </section>
        <HonestNote data={data} />
      </div>
    </>
  );
}

/** The video first, then the call to action and a few members. */
export function VideoDesign({ data }: { data: LanderData }) {
  return (
    <div className="container-lg py-5">
      <header className="text-center mb-4">
        <NicheLine data={data} />
        <h1 className="fw-bold">{data.copy.heading}</h1>
        <p className="lead mb-0">{data.copy.lead}</p>
      </header>
      <div className="lander-video-frame mx-auto mb-4">
        <LanderVideo data={data} />
      </div>
      <SignupCallToAction data={data} className="text-center mb-5" />
      <MemberStrip data={data} count={4} />
      <HonestNote data={data} />
    </div>
  );
}
