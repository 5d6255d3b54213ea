//! The MIS reports (`/api/reports/...`, in the admin area) as files: each report to an Excel
//! workbook (its table and a native chart) or a PDF (its chart drawn as bars, then its table),
//! handed out like the grievance exports (a five-minute link without the session token) and
//! recorded in the audit trail as EXPORTED. Same permission (`reports read`), scope and
//! period as the report on screen.

use domain::Msg;
use http_glue::export_queues::Lane;
use crate::item_names::ItemNames;
use crate::{ExportLink, Lang};
use domain::lists::ListKind;
use admin_area::reports::{compliance_for, query_facts, station_names, status_columns, PeriodParams};
use axum::extract::{Path, Query, State};
use blobs::{Download, LINK_LIFETIME};
use cases::reports::{self, Period};
use cases::writes::AuditEntry;
use domain::audit::AuditAction;
use domain::Error;
use exports::table::{Bars, Section, Table, Value};
use exports::{Kind, Language};
use http_glue::{ApiJson, ApiResult, AppState, AreaRouter, Caller, ClientInfo, ErrorBody};
use serde_json::json;
use utoipa_axum::routes;

pub fn routes() -> AreaRouter {
    http_glue::openapi::area().routes(routes!(export_report_excel)).routes(routes!(export_report_pdf))
}

/// The reports there are, by the name their route gives them.
const REPORTS: [&str; 6] = ["pendency", "monthly", "disposal", "crime-heads", "chapters", "compliance"];

/// The words a report file writes itself, in English and Hindi.
const WORDS: &[(&str, &str)] = &[
    ("Station-wise Pendency", "थाना-वार लंबित शिकायतें"),
    ("Monthly Filed and Disposed", "मासिक दर्ज एवं निपटान"),
    ("Disposal Rate by Station", "थाना-वार निपटान दर"),
    ("Top Crime Heads", "प्रमुख अपराध शीर्ष"),
    ("Crime Heads by Chapter (BNS, POCSO)", "अध्याय-वार अपराध शीर्ष (बीएनएस, पॉक्सो)"),
    ("Chapter", "अध्याय"),
    ("Title", "शीर्षक"),
    ("Period (filing date)", "अवधि (दर्ज करने की तिथि)"),
    ("Area", "क्षेत्र"),
    ("The whole state", "संपूर्ण राज्य"),
    ("Own cases (filed by or assigned to the user)", "स्वयं के मामले (उपयोगकर्ता द्वारा दर्ज या उन्हें सौंपे गए)"),
    ("district", "जिला"),
    ("range", "रेंज"),
    ("police station", "थाना"),
    ("to", "से"),
    ("Police Station", "थाना"),
    ("Total", "कुल"),
    ("All pending", "सभी लंबित"),
    ("days", "दिन"),
    ("Month", "माह"),
    ("Filed", "दर्ज"),
    ("Disposed", "निपटान"),
    ("Rank", "क्रम"),
    ("Disposal rate (%)", "निपटान दर (%)"),
    ("Average days to disposal", "निपटान के औसत दिन"),
    ("Crime head", "अपराध शीर्ष"),
    ("Grievances", "शिकायतें"),
    ("Statutory Compliance by Station", "थाना-वार वैधानिक समय-सीमा अनुपालन"),
    ("Met on time", "समय पर पूर्ण"),
    ("Met late", "विलंब से पूर्ण"),
    ("Missed", "चूक"),
    ("Running", "चालू"),
    ("Compliance (%)", "अनुपालन (%)"),
    ("Compliance by Clock", "समय-सीमा-वार अनुपालन"),
    ("Clock", "समय-सीमा"),
    ("The clock runs of the period's grievances, every station together.", "अवधि की शिकायतों की समय-सीमाएँ, सभी थाने एक साथ।"),
    ("Clocks Missed", "चूकी हुई समय-सीमाएँ"),
    ("Grievances of the period with a clock missed, earliest due first.", "अवधि की वे शिकायतें जिनकी कोई समय-सीमा चूक गई, सबसे पहले नियत पहले।"),
    (
        "Only the first 500 grievances are listed; the grievance list's \"Missed\" filter shows them all.",
        "केवल पहली 500 शिकायतें सूचीबद्ध हैं; शिकायत सूची का \"चूक\" फ़िल्टर सभी दिखाता है।",
    ),
    ("Grievance Number", "शिकायत संख्या"),
    ("FIR Number", "एफ़आईआर संख्या"),
    ("Due on", "नियत तिथि"),
    ("Days late", "विलंब (दिन)"),
];

fn say(language: Language, english: &'static str) -> String {
    match language {
        Language::English => english.to_string(),
        Language::Hindi => WORDS.iter().find(|(en, _)| *en == english).map_or(english, |(_, hi)| hi).to_string(),
    }
}

fn number(n: i64) -> Value {
    Value::Number(n as f64)
}

/// The grievances a report of the caller covers, in words: the whole state, their posting's
/// station, district or range, or their own cases (as the role's scope gives them).
async fn area_of(state: &AppState, caller: &Caller, language: Language, items: &ItemNames) -> ApiResult<String> {
    use domain::jurisdiction::{GrievanceScope, Posting};
    let w = |english| say(language, english);
    let user = caller.user();
    let place = |kind, id| async move {
        let item = state.lists.get_many(&[(kind, id)]).await?.into_values().next();
        Ok::<_, Error>(item.map(|item| items.name(kind, &item.name)))
    };
    Ok(match (user.permissions.grievance_scope(), &user.posting) {
        (GrievanceScope::Own, _) => w("Own cases (filed by or assigned to the user)"),
        (GrievanceScope::State, _) | (GrievanceScope::Posting, Posting::State) => w("The whole state"),
        (GrievanceScope::Posting, Posting::Range(name)) => format!("{name} ({})", w("range")),
        (GrievanceScope::Posting, Posting::District(id)) => {
            format!("{} ({})", place(domain::lists::ListKind::Districts, *id).await?.unwrap_or_else(|| "-".into()), w("district"))
        }
        (GrievanceScope::Posting, Posting::Station(id)) => {
            format!("{} ({})", place(domain::lists::ListKind::PoliceStations, *id).await?.unwrap_or_else(|| "-".into()), w("police station"))
        }
    })
}

/// The police stations' names in the file's language, by id.
async fn stations_named_in(state: &AppState, facts: &reports::ReportFacts, items: &ItemNames) -> ApiResult<std::collections::BTreeMap<i64, String>> {
    let names = station_names(state, facts).await?;
    Ok(names.into_iter().map(|(id, name)| (id, items.name(ListKind::PoliceStations, &name))).collect())
}

/// The report `name` of the caller as a table with its chart.
async fn table_of(state: &AppState, caller: &Caller, name: &str, params: &PeriodParams, language: Language, generated: String) -> ApiResult<(Table, Period)> {
    let asked = query_facts(state, caller, params).await?;
    let (facts, period) = (&asked.facts, asked.query.period);
    let w = |english| say(language, english);
    let items = ItemNames::read(state.lists.as_ref(), &[ListKind::Districts, ListKind::PoliceStations, ListKind::Statuses, ListKind::CrimeTitles], language).await?;
    let day = |d| exports::columns::date_text_in(d, language);
    let area = area_of(state, caller, language, &items).await?;
    let period_line = format!("{}: {area}; {}: {} {} {}", w("Area"), w("Period (filing date)"), day(period.from), w("to"), day(period.to));
    let mut more = Vec::new();
    let (title, columns, rows, chart) = match name {
        "pendency" => {
            let names = stations_named_in(state, &facts, &items).await?;
            let statuses = status_columns(state, &facts).await?;
            let report = reports::pendency(&facts, &period, statuses, &names);
            let buckets: Vec<String> = report.buckets.iter().map(|b| format!("{b} {}", w("days"))).collect();
            let mut columns = vec![w("Police Station"), w("Total")];
            columns.extend(report.statuses.iter().map(|s| items.name(ListKind::Statuses, &s.name)));
            columns.extend(buckets.iter().cloned());
            columns.push(w("All pending"));
            let row = |r: &reports::PendencyRow| {
                let mut cells = vec![Value::Text(r.station_name.clone()), number(r.total)];
                cells.extend(report.statuses.iter().map(|s| number(r.by_status.get(&s.id.to_string()).copied().unwrap_or(0))));
                cells.extend(r.ageing.iter().map(|n| number(*n)));
                cells.push(number(r.pending));
                cells
            };
            let mut rows: Vec<Vec<Value>> = report.rows.iter().map(row).collect();
            let mut totals = row(&report.totals);
            totals[0] = Value::Text(w("Total"));
            rows.push(totals);
            let chart = Bars {
                labels: report.rows.iter().map(|r| r.station_name.clone()).collect(),
                series: buckets.iter().enumerate().map(|(i, b)| (b.clone(), report.rows.iter().map(|r| r.ageing[i] as f64).collect())).collect(),
            };
            (w("Station-wise Pendency"), columns, rows, chart)
        }
        "monthly" => {
            let report = reports::monthly(&facts, &period);
            let rows = report.months.iter().map(|m| vec![Value::Text(m.month.clone()), number(m.filed), number(m.disposed)]).collect();
            let chart = Bars {
                labels: report.months.iter().map(|m| m.month.clone()).collect(),
                series: vec![
                    (w("Filed"), report.months.iter().map(|m| m.filed as f64).collect()),
                    (w("Disposed"), report.months.iter().map(|m| m.disposed as f64).collect()),
                ],
            };
            (w("Monthly Filed and Disposed"), vec![w("Month"), w("Filed"), w("Disposed")], rows, chart)
        }
        "disposal" => {
            let names = stations_named_in(state, &facts, &items).await?;
            let report = reports::disposal(&facts, &period, &names);
            let rows = report
                .rows
                .iter()
                .map(|r| {
                    vec![
                        number(r.rank),
                        Value::Text(r.station_name.clone()),
                        number(r.total),
                        number(r.disposed),
                        Value::Number(r.disposal_rate),
                        r.average_days.map_or(Value::Blank, Value::Number),
                    ]
                })
                .collect();
            let chart = Bars {
                labels: report.rows.iter().map(|r| r.station_name.clone()).collect(),
                series: vec![(w("Disposal rate (%)"), report.rows.iter().map(|r| r.disposal_rate).collect())],
            };
            let columns = vec![w("Rank"), w("Police Station"), w("Total"), w("Disposed"), w("Disposal rate (%)"), w("Average days to disposal")];
            (w("Disposal Rate by Station"), columns, rows, chart)
        }
        "crime-heads" => {
            let report = reports::crime_heads(&facts, &period);
            let head = |r: &reports::CrimeHeadRow| items.name(ListKind::CrimeTitles, &r.crime_head);
            let rows = report.rows.iter().map(|r| vec![Value::Text(head(r)), number(r.count)]).collect();
            let chart = Bars {
                labels: report.rows.iter().map(head).collect(),
                series: vec![(w("Grievances"), report.rows.iter().map(|r| r.count as f64).collect())],
            };
            (w("Top Crime Heads"), vec![w("Crime head"), w("Grievances")], rows, chart)
        }
        "chapters" => {
            let report = reports::chapter_heads(&facts, &period);
            let title = |r: &reports::ChapterHeadRow| match language {
                Language::Hindi => r.title_hi.clone(),
                Language::English => r.title.clone(),
            };
            // A head that is no chapter (local and special laws, ...) has no number: its bar is
            // named by its title.
            let chapter = |r: &reports::ChapterHeadRow| domain::law::heads::is_chapter(&r.head).then(|| r.head.clone());
            let label = |r: &reports::ChapterHeadRow| chapter(r).unwrap_or_else(|| title(r));
            let rows = report.rows.iter().map(|r| vec![Value::Text(chapter(r).unwrap_or_else(|| "-".into())), Value::Text(title(r)), number(r.count)]).collect();
            let chart = Bars { labels: report.rows.iter().map(label).collect(), series: vec![(w("Grievances"), report.rows.iter().map(|r| r.count as f64).collect())] };
            (w("Crime Heads by Chapter (BNS, POCSO)"), vec![w("Chapter"), w("Title"), w("Grievances")], rows, chart)
        }
        "compliance" => {
            let report = compliance_for(state, &asked).await?;
            let station = |id: i64, name: &str| if id == 0 { name.to_string() } else { items.name(ListKind::PoliceStations, name) };
            let rule = |name: &str, name_hi: &str| match language {
                Language::Hindi => name_hi.to_string(),
                Language::English => name.to_string(),
            };
            let figures = |label: String, f: &reports::ClockFigures| {
                vec![Value::Text(label), number(f.met_on_time), number(f.met_late), number(f.missed), number(f.running), f.compliance.map_or(Value::Blank, Value::Number)]
            };
            let columns = |first: &'static str| vec![w(first), w("Met on time"), w("Met late"), w("Missed"), w("Running"), w("Compliance (%)")];
            let mut rows: Vec<Vec<Value>> = report.rows.iter().map(|r| figures(station(r.station_id, &r.station_name), &r.figures)).collect();
            rows.push(figures(w("Total"), &report.totals));
            let chart = Bars {
                labels: report.rows.iter().map(|r| station(r.station_id, &r.station_name)).collect(),
                series: vec![(w("Compliance (%)"), report.rows.iter().map(|r| r.figures.compliance.unwrap_or(0.0)).collect())],
            };
            more.push(Section {
                title: w("Compliance by Clock"),
                note: w("The clock runs of the period's grievances, every station together."),
                columns: columns("Clock"),
                rows: report.by_rule.iter().map(|r| figures(rule(&r.name, &r.name_hi), &r.figures)).collect(),
            });
            let mut note = w("Grievances of the period with a clock missed, earliest due first.");
            if report.missed_more {
                note = format!("{note} {}", w("Only the first 500 grievances are listed; the grievance list's \"Missed\" filter shows them all."));
            }
            more.push(Section {
                title: w("Clocks Missed"),
                note,
                columns: vec![w("Grievance Number"), w("FIR Number"), w("Police Station"), w("Clock"), w("Due on"), w("Days late")],
                rows: report
                    .missed
                    .iter()
                    .map(|m| {
                        vec![
                            Value::Text(m.grievance_number.clone()),
                            Value::Text(m.fir_no.clone()),
                            Value::Text(station(m.station_id, &m.station_name)),
                            Value::Text(rule(&m.rule_name, &m.rule_name_hi)),
                            Value::Text(reports::parse_day(&m.due_on).map_or_else(|| m.due_on.clone(), day)),
                            number(m.days_late),
                        ]
                    })
                    .collect(),
            });
            (w("Statutory Compliance by Station"), columns("Police Station"), rows, chart)
        }
        _ => return Err(Error::NotFound(Msg::ReportUnknown).into()),
    };
    Ok((Table { title, generated, language, period: period_line, columns, rows, chart, more }, period))
}

/// One of the reports (pendency, monthly, disposal, crime-heads, chapters, compliance) to an
/// Excel workbook: its table and a column chart of it (the compliance report's tables by
/// clock and of the clocks missed on sheets of their own).
#[utoipa::path(get, path = "/api/reports/{report}/export/excel", tag = "reports", security(("bearer" = [])),
    params(("report" = String, Path, description = "pendency, monthly, disposal, crime-heads, chapters or compliance"), PeriodParams, crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export_report_excel(state: State<AppState>, caller: Caller, client: ClientInfo, report: Path<String>, params: Query<PeriodParams>, language: Lang) -> ApiResult<ApiJson<ExportLink>> {
    export(state, caller, client, report, params, language, Kind::Excel).await
}

/// One of the reports to a landscape A4 PDF: its chart drawn as bars, then its table.
#[utoipa::path(get, path = "/api/reports/{report}/export/pdf", tag = "reports", security(("bearer" = [])),
    params(("report" = String, Path, description = "pendency, monthly, disposal, crime-heads, chapters or compliance"), PeriodParams, crate::LanguageParam),
    responses((status = 200, body = ExportLink), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export_report_pdf(state: State<AppState>, caller: Caller, client: ClientInfo, report: Path<String>, params: Query<PeriodParams>, language: Lang) -> ApiResult<ApiJson<ExportLink>> {
    export(state, caller, client, report, params, language, Kind::Pdf).await
}

async fn export(
    State(state): State<AppState>,
    caller: Caller,
    client: ClientInfo,
    Path(name): Path<String>,
    Query(params): Query<PeriodParams>,
    Lang(language): Lang,
    kind: Kind,
) -> ApiResult<ApiJson<ExportLink>> {
    caller.require(domain::Resource::Reports, domain::Action::Read)?;
    if !REPORTS.contains(&name.as_str()) {
        return Err(Error::NotFound(Msg::ReportUnknown).into());
    }
    let lane = match kind {
        Kind::Pdf => Lane::ReportPdf,
        _ => Lane::ReportExcel,
    };
    let _turn = state.export_queues.take(lane, caller.user().id).await?;
    let actor = caller.actor(&client);
    let now = domain::clock::now();
    let (table, period) = table_of(&state, &caller, &name, &params, language, exports::table::generated_line(now, &actor.name, language)).await?;
    let blobs = state.blobs()?;
    let dir = tempfile::tempdir().map_err(Error::internal)?;
    let key = format!("report-{}.{}", uuid::Uuid::new_v4(), kind.extension());
    let path = dir.path().join(&key);
    let written = {
        let path = path.clone();
        tokio::task::spawn_blocking(move || match kind {
            Kind::Pdf => exports::table::pdf(&path, &table),
            _ => exports::table::excel(&path, &table),
        })
        .await
        .map_err(Error::internal)??
    };
    blobs.put_file(&key, &path, kind.content_type()).await?;
    let at = now.to_offset(exports::DISPLAY_OFFSET);
    let file_name = format!("report-{name}-{:04}-{:02}-{:02}-{:02}{:02}.{}", at.year(), u8::from(at.month()), at.day(), at.hour(), at.minute(), kind.extension());
    let (from, to) = (period.from_text(), period.to_text());
    let entry = AuditEntry {
        action: AuditAction::Exported,
        field_name: Some("export".into()),
        old_value: None,
        new_value: Some(kind.label().to_string()),
        notes: Some(format!("{written} rows of the report {name} to {} (filters: From Date: {from}; To Date: {to})", kind.label())),
        action_details: Some(json!({
            "kind": kind.as_str(),
            "rows": written,
            "report": name,
            "filters": {"From Date": from, "To Date": to},
            "file_name": file_name,
        })),
    };
    state.trail.record_event(&actor, entry).await?;
    let link = blobs.download_link(&key, Download { file_name: &file_name, content_type: kind.content_type() }, LINK_LIFETIME).await?;
    let expires_at = link.expires_at.format(&time::format_description::well_known::Rfc3339).map_err(Error::internal)?;
    Ok(ApiJson(ExportLink { url: link.url, expires_at, rows: written }))
}
