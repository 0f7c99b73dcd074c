import { Link } from "react-router";
import { AboutText } from "~/components/about-text";
import { Icon } from "~/components/icons";
import type { LanderData } from "~/routes/landers/shared";
import { HonestNote, LanderPhoto, MemberName, MemberStrip, NicheLine, SignupCallToAction } from "./parts";

/**
 * "Alone tonight": an evening's dark page with the members who were here most recently, and how many were here
 * today: a real count, never who or when (docs/product.md §2.25).
 */
export function AloneTonight({ data }: { data: LanderData }) {
  return (
    <div className="lander-night py-5">
      <div className="container-lg lander-narrow">
        <NicheLine data={data} className="lander-night-line" />
        <h1 className="fw-bold mb-3">{data.copy.heading}</h1>
        <p className="lead">{data.copy.lead}</p>
        {data.copy.active && <p className="fw-semibold mb-1">{data.copy.active}</p>}
        <p className="small lander-night-muted">{data.copy.private}</p>
        <ul className="list-unstyled mt-4 mb-4">
          {data.profiles.slice(0, 6).map((member, index) => (
            <li key={member.id} className="d-flex align-items-center gap-3 py-2 lander-night-row">
              <LanderPhoto member={member} className="rounded-circle lander-avatar" first={index === 0} />
              <div className="flex-grow-1">
                <MemberName member={member} className="h5 mb-0" />
                {member.city && <p className="small mb-0 lander-night-muted">{member.city}</p>}
              </div>
              <Link to={`/members/${member.id}/signup`} className="btn btn-outline-light btn-sm">
                {member.meet}
              </Link>
            </li>
          ))}
        </ul>
        <SignupCallToAction data={data} light />
        <HonestNote data={data} className="lander-night-muted" />
      </div>
    </div>
  );
}

/** A collage of members' photos around the heading. */
export function Collage({ data }: { data: LanderData }) {
  return (
    <div className="container-lg py-4">
      <div className="lander-collage">
        <div className="lander-collage-panel card shadow">
          <div className="card-body p-4">
            <NicheLine data={data} />
            <h1 className="h2 fw-bold">{data.copy.heading}</h1>
            <p>{data.copy.lead}</p>
            <SignupCallToAction data={data} />
          </div>
        </div>
        {data.profiles.slice(0, 11).map((member, index) => (
          <div key={member.id} className="lander-collage-tile">
            <LanderPhoto member={member} className="lander-collage-photo" large={index === 0} first={index === 0} />
            <div className="lander-collage-caption">
              <MemberName member={member} as="p" className="small fw-semibold mb-0 lander-collage-name" />
            </div>
          </div>
        ))}
      </div>
      <HonestNote data={data} />
    </div>
  );
}

/** A grid of members' cards, each leading to the signup with that member. */
export function Gallery({ data }: { data: LanderData }) {
  return (
    <div className="container-lg py-5">
      <header className="text-center mb-4">
        <NicheLine data={data} />
        <h1 className="fw-bold">{data.copy.heading}</h1>
        <p className="lead mb-0">{data.copy.lead}</p>
      </header>
      <ul className="lander-grid lander-gallery">
        {data.profiles.map((member, index) => (
          <li key={member.id}>
            <article className="card h-100 border-0 shadow-sm lander-card">
              <LanderPhoto member={member} className="card-img-top lander-card-photo" first={index < 4} />
              <div className="card-body">
                <MemberName member={member} className="h5 mb-0" />
                {member.city && <p className="small text-body-secondary mb-2 text-truncate">{member.city}</p>}
                <Link to={`/members/${member.id}/signup`} className="btn btn-outline-dark btn-sm w-100 stretched-link">
                  {member.meet}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <SignupCallToAction data={data} className="text-center mt-4" />
      <HonestNote data={data} className="text-body-secondary text-center" />
    </div>
  );
}

/** What the site offers, as icons, then a few members. */
export function Icons({ data }: { data: LanderData }) {
  return (
    <>
      <section className="lander-icons-hero text-white py-5">
        <div className="container-lg text-center">
          <NicheLine data={data} className="text-white" />
          <h1 className="fw-bold">{data.copy.heading}</h1>
          <p className="lead mb-0">{data.copy.lead}</p>
        </div>
      </section>
      <div className="container-lg py-5">
        <ul className="lander-grid text-center">
          {data.features.map((feature) => (
            <li key={feature.key}>
              <span className="lander-icon-badge mb-3">
                <Icon name={feature.icon} size={32} />
              </span>
              <h2 className="h5">{feature.title}</h2>
              <p className="mb-0">{feature.body}</p>
            </li>
          ))}
        </ul>
        <SignupCallToAction data={data} className="text-center mt-4 mb-4" />
        <MemberStrip data={data} count={4} />
        <HonestNote data={data} />
      </div>
    </>
  );
}

/** A feed: members' own words, the way a social network shows posts. */
export function SocialNetwork({ data }: { data: LanderData }) {
  return (
    <div className="lander-feed-band py-5">
      <div className="container-lg lander-narrow">
        <NicheLine data={data} />
        <h1 className="fw-bold">{data.copy.heading}</h1>
        <p className="lead">{data.copy.lead}</p>
        {data.profiles.slice(0, 8).map((member, index) => (
          <article key={member.id} className="card border-0 shadow-sm mb-3">
            <div className="card-body">
              <div className="d-flex align-items-center gap-3 mb-2">
                <LanderPhoto member={member} className="rounded-circle lander-avatar" first={index === 0} />
                <div>
                  <MemberName member={member} className="h6 mb-0" />
                  {member.city && <p className="small text-body-secondary mb-0">{member.city}</p>}
                </div>
              </div>
              {member.about && (
                <div className="mb-2">
                  <AboutText text={member.about} language={member.about_language} className="profile-about mb-0" />
                </div>
              )}
              <Link to={`/members/${member.id}/signup`} className="small fw-semibold">
                {member.reply}
              </Link>
            </div>
          </article>
        ))}
        <SignupCallToAction data={data} className="mt-4" />
        <HonestNote data={data} />
      </div>
    </div>
  );
}
