import { useEffect, useState } from "react";
import { useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { MatchNotice } from "./match-notice";

interface AutoLike {
  profile: { id: number; name: string; main_image: { match: string } | null } | null;
}

/**
 * The auto-like notice (docs/product.md §4): with `?t=n` in the address, after n seconds it asks for a member who really
 * liked this one and was not shown yet, shows them, and takes t out of the address. Likes reload 500 ms
 * after the notice closes. Only with JavaScript: without it, likes are on the likes page.
 */
export function AutoLikeNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<AutoLike>();
  const [closed, setClosed] = useState(false);
  const seconds = Number(new URLSearchParams(location.search).get("t"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new t starts a new wait.
  useEffect(() => {
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    const timer = setTimeout(() => {
      fetcher.load("/auto-like");
      const params = new URLSearchParams(location.search);
      params.delete("t");
      navigate(
        { pathname: location.pathname, search: params.size ? `?${params}` : "" },
        { replace: true, preventScrollReset: true },
      );
    }, seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const profile = fetcher.data?.profile;
  if (!profile || closed) return null;
  return (
    <MatchNotice
      kind="liked"
      name={profile.name}
      photo={profile.main_image?.match ?? null}
      profileHref={`/likes/m/${profile.id}`}
      profileId={profile.id}
      onClose={() => {
        setClosed(true);
        setTimeout(() => revalidator.revalidate(), 500);
      }}
    />
  );
}
